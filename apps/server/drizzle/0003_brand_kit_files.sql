ALTER TABLE "brand_kit_items" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "brand_kit_items" ADD COLUMN "content_type" text;--> statement-breakpoint
ALTER TABLE "brand_kit_items" ADD COLUMN "file_size" integer;--> statement-breakpoint
ALTER TABLE "brand_kit_items" ADD COLUMN "thumbnail_key" text;--> statement-breakpoint
ALTER TABLE "brand_kit_items" ADD COLUMN "font_file_key" text;--> statement-breakpoint
ALTER TABLE "brand_kit_items" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "brand_kit_items" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "brand_kit_items" ADD COLUMN "duration_seconds" double precision;--> statement-breakpoint
ALTER TABLE "brand_kit_items" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "brand_kit_items_font_name_unique" ON "brand_kit_items" USING btree ("client_id",lower("name")) WHERE "brand_kit_items"."type" = 'FONT';