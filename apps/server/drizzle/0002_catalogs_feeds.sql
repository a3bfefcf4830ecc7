CREATE TABLE "catalog_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"catalog_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"format" text,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"rejected_count" integer DEFAULT 0 NOT NULL,
	"rejected" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"unknown_columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "catalog_items" (
	"import_id" uuid NOT NULL,
	"catalog_id" uuid NOT NULL,
	"item_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"availability" text DEFAULT 'in stock' NOT NULL,
	"condition" text DEFAULT 'new' NOT NULL,
	"price_amount" bigint,
	"currency" text,
	"sale_price_amount" bigint,
	"sale_price_start" timestamp with time zone,
	"sale_price_end" timestamp with time zone,
	"link" text DEFAULT '' NOT NULL,
	"image_link" text DEFAULT '' NOT NULL,
	"additional_image_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"item_group_id" text DEFAULT '' NOT NULL,
	"product_type" text DEFAULT '' NOT NULL,
	"google_product_category" text DEFAULT '' NOT NULL,
	"custom_label_0" text DEFAULT '' NOT NULL,
	"custom_label_1" text DEFAULT '' NOT NULL,
	"custom_label_2" text DEFAULT '' NOT NULL,
	"custom_label_3" text DEFAULT '' NOT NULL,
	"custom_label_4" text DEFAULT '' NOT NULL,
	"rating" double precision,
	"review_count" integer,
	"inventory" integer,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"content_hash" text NOT NULL,
	CONSTRAINT "catalog_items_import_id_item_id_pk" PRIMARY KEY("import_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "catalogs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"source_url" text,
	"source_file_key" text,
	"schedule" text DEFAULT 'none' NOT NULL,
	"column_mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"current_import_id" uuid,
	"next_import_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_creatives" (
	"feed_id" uuid NOT NULL,
	"item_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"design_id" uuid,
	"input_hash" text,
	"output_key" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_creatives_feed_id_item_id_pk" PRIMARY KEY("feed_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "feed_designs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feed_id" uuid NOT NULL,
	"template_version_id" uuid NOT NULL,
	"slot_features" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"item_filter" jsonb,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_set_id" uuid NOT NULL,
	"name" text NOT NULL,
	"export_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"catalog_id" uuid NOT NULL,
	"name" text NOT NULL,
	"filter" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD CONSTRAINT "catalog_imports_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_import_id_catalog_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalog_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogs" ADD CONSTRAINT "catalogs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_creatives" ADD CONSTRAINT "feed_creatives_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_designs" ADD CONSTRAINT "feed_designs_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_designs" ADD CONSTRAINT "feed_designs_template_version_id_template_versions_id_fk" FOREIGN KEY ("template_version_id") REFERENCES "public"."template_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeds" ADD CONSTRAINT "feeds_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeds" ADD CONSTRAINT "feeds_product_set_id_product_sets_id_fk" FOREIGN KEY ("product_set_id") REFERENCES "public"."product_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sets" ADD CONSTRAINT "product_sets_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sets" ADD CONSTRAINT "product_sets_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_imports_catalog_id_index" ON "catalog_imports" USING btree ("catalog_id");--> statement-breakpoint
CREATE INDEX "catalogs_client_id_index" ON "catalogs" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "feed_creatives_feed_id_status_index" ON "feed_creatives" USING btree ("feed_id","status");--> statement-breakpoint
CREATE INDEX "feed_designs_feed_id_index" ON "feed_designs" USING btree ("feed_id");--> statement-breakpoint
CREATE INDEX "feeds_client_id_index" ON "feeds" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "product_sets_catalog_id_index" ON "product_sets" USING btree ("catalog_id");