-- Search tests the newest articles' search text row by row (server/search/service.ts). Compressed
-- or moved to the TOAST table, every test first decompresses or fetches it: 5-10 us a row instead
-- of about 2. From here on a row is toasted only above 4 kB, and then the body (content) goes
-- first: the search columns stay in the row, uncompressed, up to about 3 kB of search text.
-- Rows written before keep their layout until they are next saved.
ALTER TABLE "articles" SET (toast_tuple_target = 4096);--> statement-breakpoint
ALTER TABLE "articles" ALTER COLUMN "search_text" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "articles" ALTER COLUMN "search_latin" SET STORAGE MAIN;
--> statement-breakpoint
-- No planner statistics on the bodies: no query filters or sorts on them (values over 1 kB get
-- none anyway), and ANALYZE stops reading every sampled body. PGlite runs ANALYZE in the
-- serving process (server/db/client.ts maintain()), where this took a third off its pause.
ALTER TABLE "articles" ALTER COLUMN "content" SET STATISTICS 0, ALTER COLUMN "search_text" SET STATISTICS 0, ALTER COLUMN "search_latin" SET STATISTICS 0, ALTER COLUMN "short_description" SET STATISTICS 0;
