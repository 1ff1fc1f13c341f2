-- Ads with a start and an end (server/ads/): readers see an ad only between them; either may be
-- empty (from the upload on; no end). The end comes after the start.
ALTER TABLE "ads" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_window_order" CHECK ("ads"."ends_at" IS NULL OR "ads"."starts_at" IS NULL OR "ads"."ends_at" > "ads"."starts_at");
