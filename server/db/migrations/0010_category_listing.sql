-- A million articles. A category's newest-first page used to walk every approved article in date
-- order testing each for the category (EXISTS), slow for small categories and deep pages. Each
-- category link now carries its article's status and publication date, so a page is one range of
-- article_categories_listing_idx. Triggers keep the copies equal in the writing transaction,
-- whatever the write path (services, imports, restores, SQL by hand).
ALTER TABLE "article_categories" ADD COLUMN "approval_status" text DEFAULT 'PENDING' NOT NULL;--> statement-breakpoint
ALTER TABLE "article_categories" ADD COLUMN "publication_date" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "article_categories" ac SET "approval_status" = a."approval_status", "publication_date" = a."publication_date" FROM "articles" a WHERE a."id" = ac."article_id";--> statement-breakpoint
CREATE FUNCTION "article_categories_copy_article"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT a."approval_status", a."publication_date" INTO NEW."approval_status", NEW."publication_date"
    FROM "articles" a WHERE a."id" = NEW."article_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "article_categories_copy_article" BEFORE INSERT OR UPDATE ON "article_categories"
  FOR EACH ROW EXECUTE FUNCTION "article_categories_copy_article"();--> statement-breakpoint
CREATE FUNCTION "articles_copy_to_categories"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "article_categories" SET "approval_status" = NEW."approval_status", "publication_date" = NEW."publication_date"
    WHERE "article_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "articles_copy_to_categories" AFTER UPDATE OF "approval_status", "publication_date" ON "articles"
  FOR EACH ROW WHEN (OLD."approval_status" IS DISTINCT FROM NEW."approval_status" OR OLD."publication_date" IS DISTINCT FROM NEW."publication_date")
  EXECUTE FUNCTION "articles_copy_to_categories"();--> statement-breakpoint
CREATE INDEX "article_categories_listing_idx" ON "article_categories" USING btree ("category_id","publication_date","article_id") WHERE "article_categories"."approval_status" = 'APPROVED';--> statement-breakpoint
-- Search's title tier (server/search): the title as search normalises it, kept by PostgreSQL
-- (normalising hundreds of titles per query cost more than testing them), and its Tenglish copy.
ALTER TABLE "articles" ADD COLUMN "search_title" text GENERATED ALWAYS AS (translate(lower(normalize(title, NFC)), E'\u200c\u200d', '')) STORED;--> statement-breakpoint
CREATE INDEX "articles_search_title_trgm_idx" ON "articles" USING gin ("search_title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "articles_title_latin_trgm_idx" ON "articles" USING gin ("title_latin" gin_trgm_ops);--> statement-breakpoint
-- The home page's six newest videos without walking every approved article.
CREATE INDEX "articles_video_idx" ON "articles" USING btree ("publication_date","id") WHERE "articles"."approval_status" = 'APPROVED' and "articles"."youtube_video_id" is not null;
