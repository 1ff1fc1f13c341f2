-- A tag's old addresses: a renamed tag's slug before, a merged tag's slug, each leading (301) to the
-- tag that now holds its stories. A slug a live tag has again is answered by that tag first.
CREATE TABLE "tag_old_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"tag_id" integer NOT NULL,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tag_old_slugs" ADD CONSTRAINT "tag_old_slugs_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tag_old_slugs_tag_idx" ON "tag_old_slugs" USING btree ("tag_id");
