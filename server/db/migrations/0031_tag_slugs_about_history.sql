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
--> statement-breakpoint
-- About Us history: the page's text after each save (and before the first one kept here), so a
-- save that removed the wrong text can be undone; a restore is itself a revision.
CREATE TABLE "about_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"content" text NOT NULL,
	"editor_id" integer,
	"editor_name" text,
	"restored_from_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "about_revisions_kind" CHECK ("kind" IN ('CREATE', 'EDIT', 'RESTORE', 'BEFORE'))
);
--> statement-breakpoint
ALTER TABLE "about_revisions" ADD CONSTRAINT "about_revisions_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
