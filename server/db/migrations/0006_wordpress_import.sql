CREATE TABLE "wordpress_imports" (
	"guid" text PRIMARY KEY NOT NULL,
	"wordpress_id" integer NOT NULL,
	"article_id" integer,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_redirects" (
	"path" text PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wordpress_imports" ADD CONSTRAINT "wordpress_imports_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "legacy_redirects" ADD CONSTRAINT "legacy_redirects_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "wordpress_imports_article_idx" ON "wordpress_imports" USING btree ("article_id");
--> statement-breakpoint
CREATE INDEX "legacy_redirects_article_idx" ON "legacy_redirects" USING btree ("article_id");
