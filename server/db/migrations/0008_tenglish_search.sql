-- Tenglish search: romanised, folded copies of each article's title and search text. Existing
-- rows keep NULL here and are filled in by server/search/backfill.ts when the server starts.
ALTER TABLE "articles" ADD COLUMN "title_latin" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "search_latin" text;--> statement-breakpoint
CREATE INDEX "articles_search_latin_trgm_idx" ON "articles" USING gin ("search_latin" gin_trgm_ops);
