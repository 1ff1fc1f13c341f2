-- Issue 37: no edit is silently overwritten, and who is editing a story.
-- Every saved change of a story bumps `version` (server/articles/lifecycle.ts writes it); who saved
-- that version and when are kept beside it for the 409 of a write based on an older one.
ALTER TABLE "articles" ADD COLUMN "changed_by_id" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
-- Who has a story's edit or review screen open (server/editing/service.ts): one row a person and
-- story, kept by heartbeats, gone from every answer once `seen_at` is older than the expiry.
-- `taken_over_by_id`: another person took the story over; their screen learns it at its next beat.
CREATE TABLE "article_editors" (
	"article_id" integer NOT NULL REFERENCES "articles"("id") ON DELETE CASCADE,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"since" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"taken_over_by_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"taken_over_at" timestamp with time zone,
	CONSTRAINT "article_editors_article_id_user_id_pk" PRIMARY KEY("article_id","user_id")
);--> statement-breakpoint
CREATE INDEX "article_editors_seen_idx" ON "article_editors" ("seen_at");
