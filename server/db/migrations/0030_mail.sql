-- Mail (server/mail/): an outbox written in the transaction of the act that sends it, claimed by the
-- sender on every instance with FOR UPDATE SKIP LOCKED; addresses a mail server refused for good;
-- per-address counters for the mails a stranger can ask for; one-use links to prove an address.
-- Newsletters (server/newsletter/): subscriptions per list, editions, and one outbox row per edition
-- and subscription (unique: whichever instance or run sends, each address gets an edition once).
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "kind" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_kind" CHECK ("kind" IN ('admin', 'self'));--> statement-breakpoint
CREATE TABLE "email_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_tokens_kind" CHECK ("kind" IN ('verify', 'change'))
);
--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_tokens_user_idx" ON "email_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "mail_undeliverable" (
	"address" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"list" text NOT NULL,
	"district" text,
	"token" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_breaking_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscriptions_list" CHECK ("list" IN ('daily', 'breaking'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_email_list_idx" ON "newsletter_subscriptions" USING btree ("email","list");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_token_idx" ON "newsletter_subscriptions" USING btree ("token");--> statement-breakpoint
CREATE TABLE "newsletter_editions" (
	"id" serial PRIMARY KEY NOT NULL,
	"list" text NOT NULL,
	"key" text NOT NULL,
	"subject" text NOT NULL,
	"article_ids" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expanded_at" timestamp with time zone,
	CONSTRAINT "newsletter_editions_list" CHECK ("list" IN ('daily', 'breaking'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_editions_list_key_idx" ON "newsletter_editions" USING btree ("list","key");--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text,
	"text_body" text,
	"html_body" text,
	"edition_id" integer,
	"subscription_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_status" CHECK ("status" IN ('pending', 'sent', 'failed', 'undeliverable'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_edition_id_newsletter_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."newsletter_editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_subscription_id_newsletter_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."newsletter_subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_edition_subscription_idx" ON "mail_outbox" USING btree ("edition_id","subscription_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("due_at") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "mail_outbox_edition_idx" ON "mail_outbox" USING btree ("edition_id","status");
