-- Tenglish search at archive scale: the words of every article's folded Latin copy, once each.
-- A Latin query word finds its other spellings here (trigram similarity over a few million words
-- at most) and matches them as whole words in articles; `word <<% search_latin` against each
-- article's whole text cost ~0.4 ms a row (server/search/service.ts).
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
INSERT INTO "search_words" ("word")
  SELECT DISTINCT w FROM "articles" a, unnest(string_to_array(a."search_latin", ' ')) w WHERE w <> ''
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Once per statement (a bulk insert sorts its words once): the new words of the rows written.
-- An update adds only the words of rows whose Latin copy changed.
CREATE FUNCTION "search_words_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "search_words" ("word")
      SELECT DISTINCT w FROM new_rows n, unnest(string_to_array(n."search_latin", ' ')) w WHERE w <> ''
      ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO "search_words" ("word")
      SELECT DISTINCT w FROM new_rows n JOIN old_rows o ON o."id" = n."id", unnest(string_to_array(n."search_latin", ' ')) w
      WHERE w <> '' AND n."search_latin" IS DISTINCT FROM o."search_latin"
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "search_words_on_insert" AFTER INSERT ON "articles" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "search_words_add"();--> statement-breakpoint
CREATE TRIGGER "search_words_on_update" AFTER UPDATE ON "articles" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "search_words_add"();--> statement-breakpoint
-- The Tenglish backfill's look for rows without a Latin copy, without reading the whole archive.
CREATE INDEX "articles_search_latin_missing_idx" ON "articles" USING btree ("id") WHERE "articles"."search_latin" is null;--> statement-breakpoint
-- The lists' title filter now tests the normalised title (articles_search_title_trgm_idx).
DROP INDEX IF EXISTS "articles_title_trgm_idx";
