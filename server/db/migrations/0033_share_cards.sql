-- The share picture each public story has now (server/share-cards/): its version is a hash of the
-- headline, the photo and the drawing's layout, part of the pictures' names. When a new version is
-- made the row names it and the old version's files are deleted.
CREATE TABLE "share_cards" (
	"article_id" integer PRIMARY KEY NOT NULL REFERENCES "articles"("id") ON DELETE CASCADE,
	"version" text NOT NULL,
	"made_at" timestamp with time zone DEFAULT now() NOT NULL
);
