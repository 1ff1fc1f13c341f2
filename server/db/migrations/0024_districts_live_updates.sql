-- District editions: a story's district (a slug of contract/districts.ts; the free-text region stays),
-- and live coverage: when an admin made the story live and when it ended, and its updates.
ALTER TABLE "articles" ADD COLUMN "district" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "live_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "live_ended_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "articles_district_pubdate_idx" ON "articles" USING btree ("district", "publication_date", "id")
  WHERE "approval_status" = 'APPROVED' AND "district" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "live_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"content" text NOT NULL,
	"author_id" integer,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "live_updates" ADD CONSTRAINT "live_updates_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_updates" ADD CONSTRAINT "live_updates_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_updates_article_idx" ON "live_updates" USING btree ("article_id", "created_at", "id");
