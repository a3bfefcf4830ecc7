ALTER TABLE "feed_creatives" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "feed_creatives" ADD COLUMN "stale_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feed_creatives" ADD COLUMN "images_checked_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "feed_creatives_recheck_index" ON "feed_creatives" USING btree ("images_checked_at") WHERE "feed_creatives"."status" = 'generated';--> statement-breakpoint
CREATE INDEX "feed_creatives_input_images_index" ON "feed_creatives" USING gin ("input_images" jsonb_path_ops);