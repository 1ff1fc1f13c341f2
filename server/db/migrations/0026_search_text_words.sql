-- Telugu search at archive scale: the words of every article's normalised text, once each. A
-- query word finds the words containing it here (trigram index on a few million short words),
-- then the articles holding one of them through articles_search_text_words_idx, exactly: a LIKE
-- through the text's trigram index rereads every candidate article's whole text
-- (server/search/service.ts).
--
-- A word longer than 200 characters is kept as pieces of 200 starting every 100, so any query
-- word of up to 100 characters lies whole in one piece (and index keys stay small).
CREATE FUNCTION "search_text_words"(t text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT array_agg(DISTINCT substr(w, s, 200))
  FROM unnest(string_to_array(t, ' ')) w, generate_series(1, greatest(length(w) - 100, 1), 100) s
  WHERE w <> ''
$$;--> statement-breakpoint
CREATE TABLE "text_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "text_words_trgm_idx" ON "text_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
INSERT INTO "text_words" ("word")
  SELECT DISTINCT w FROM "articles" a, unnest("search_text_words"(a."search_text")) w
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Once per statement, like search_words_add: the new words of the rows written.
CREATE FUNCTION "text_words_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "text_words" ("word")
      SELECT DISTINCT w FROM new_rows n, unnest("search_text_words"(n."search_text")) w
      ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO "text_words" ("word")
      SELECT DISTINCT w FROM new_rows n JOIN old_rows o ON o."id" = n."id", unnest("search_text_words"(n."search_text")) w
      WHERE n."search_text" IS DISTINCT FROM o."search_text"
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "text_words_on_insert" AFTER INSERT ON "articles" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "text_words_add"();--> statement-breakpoint
CREATE TRIGGER "text_words_on_update" AFTER UPDATE ON "articles" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "text_words_add"();--> statement-breakpoint
-- Search reads approved articles only.
CREATE INDEX "articles_search_text_words_idx" ON "articles" USING gin ("search_text_words"("search_text"))
  WHERE "approval_status" = 'APPROVED';
