-- A million articles: the title filter of the admin and reporter lists (ILIKE '%...%') reads
-- through a trigram index instead of every title.
CREATE INDEX IF NOT EXISTS "articles_title_trgm_idx" ON "articles" USING gin ("title" gin_trgm_ops);
