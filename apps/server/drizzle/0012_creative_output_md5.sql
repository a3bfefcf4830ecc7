ALTER TABLE "feed_creatives" ADD COLUMN "output_md5" text;--> statement-breakpoint
CREATE INDEX "feed_creatives_output_md5_index" ON "feed_creatives" USING btree ("output_md5");