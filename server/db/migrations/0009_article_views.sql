CREATE TABLE "article_views" (
	"article_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "article_views_article_id_hour_pk" PRIMARY KEY("article_id","hour")
);
--> statement-breakpoint
ALTER TABLE "article_views" ADD CONSTRAINT "article_views_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_views_hour_idx" ON "article_views" USING btree ("hour");
