-- The editors' title filter (admin and reporter approved lists) counts its matches exactly up to
-- 10,000. Each match tested on articles read a page of the wide article row (~2 rows a page:
-- ~70 ms for a word in 12 % of 100,000 titles on PGlite); here ~35 titles share a page. A copy of
-- each article's normalised title, reporter and status, kept by triggers in the writing
-- transaction, whatever the write path.
CREATE TABLE "article_titles" (
	"article_id" integer PRIMARY KEY NOT NULL,
	"reporter_id" integer NOT NULL,
	"approval_status" text NOT NULL,
	"search_title" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "article_titles" ("article_id", "reporter_id", "approval_status", "search_title")
  SELECT "id", "reporter_id", "approval_status", "search_title" FROM "articles";--> statement-breakpoint
ALTER TABLE "article_titles" ADD CONSTRAINT "article_titles_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_titles_search_title_trgm_idx" ON "article_titles" USING gin ("search_title" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION "article_titles_copy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "article_titles" ("article_id", "reporter_id", "approval_status", "search_title")
    VALUES (NEW."id", NEW."reporter_id", NEW."approval_status", NEW."search_title")
    ON CONFLICT ("article_id") DO UPDATE SET "reporter_id" = EXCLUDED."reporter_id",
      "approval_status" = EXCLUDED."approval_status", "search_title" = EXCLUDED."search_title";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "article_titles_on_insert" AFTER INSERT ON "articles"
  FOR EACH ROW EXECUTE FUNCTION "article_titles_copy"();--> statement-breakpoint
CREATE TRIGGER "article_titles_on_update" AFTER UPDATE OF "title", "reporter_id", "approval_status" ON "articles"
  FOR EACH ROW WHEN (OLD."title" IS DISTINCT FROM NEW."title" OR OLD."reporter_id" IS DISTINCT FROM NEW."reporter_id"
                     OR OLD."approval_status" IS DISTINCT FROM NEW."approval_status")
  EXECUTE FUNCTION "article_titles_copy"();
