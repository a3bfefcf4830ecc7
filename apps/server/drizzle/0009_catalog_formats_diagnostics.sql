CREATE TABLE "catalog_image_sizes" (
	"catalog_id" uuid NOT NULL,
	"url" text NOT NULL,
	"width" integer,
	"height" integer,
	"failure" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_image_sizes_catalog_id_url_pk" PRIMARY KEY("catalog_id","url")
);
--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD COLUMN "images_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD COLUMN "issues" jsonb;--> statement-breakpoint
ALTER TABLE "catalogs" ADD COLUMN "feed_format" text;--> statement-breakpoint
ALTER TABLE "catalogs" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "catalog_image_sizes" ADD CONSTRAINT "catalog_image_sizes_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Imports made before the image check existed: their check is over (nothing measured); "Measure again" starts one.
UPDATE "catalog_imports" SET "images_checked_at" = "finished_at" WHERE "status" = 'completed';
