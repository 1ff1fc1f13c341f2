CREATE TABLE "audit_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text,
	"summary" text DEFAULT '' NOT NULL,
	"details" jsonb,
	"ip" text
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "breaking_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_entries_at_idx" ON "audit_entries" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_actor_idx" ON "audit_entries" USING btree (lower("actor_name"),"at");--> statement-breakpoint
CREATE INDEX "audit_entries_action_idx" ON "audit_entries" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "articles_breaking_idx" ON "articles" USING btree ("breaking_until");