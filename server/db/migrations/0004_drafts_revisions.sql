CREATE TABLE "article_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"editor_id" integer,
	"editor_name" text,
	"kind" text NOT NULL,
	"restored_from_id" integer,
	"previous_status" text,
	"title" text NOT NULL,
	"author" text NOT NULL,
	"content" text NOT NULL,
	"region" text,
	"youtube_video_id" text,
	"category_ids" integer[] NOT NULL,
	"image_ids" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "article_revisions" ADD CONSTRAINT "article_revisions_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_revisions" ADD CONSTRAINT "article_revisions_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_revisions_article_idx" ON "article_revisions" USING btree ("article_id","id");--> statement-breakpoint
-- Every article that exists before revision history starts gets its current state as the first revision.
INSERT INTO "article_revisions" ("article_id", "editor_id", "editor_name", "kind", "title", "author", "content", "region", "youtube_video_id", "category_ids", "image_ids", "created_at")
SELECT a."id", a."reporter_id", u."username", 'CREATE', a."title", a."author", a."content", a."region", a."youtube_video_id",
	coalesce((SELECT array_agg(c."category_id" ORDER BY c."position", c."category_id") FROM "article_categories" c WHERE c."article_id" = a."id"), '{}'),
	coalesce((SELECT array_agg(i."image_id" ORDER BY i."position") FROM "article_images" i WHERE i."article_id" = a."id"), '{}'),
	a."created_at"
FROM "articles" a JOIN "users" u ON u."id" = a."reporter_id";
