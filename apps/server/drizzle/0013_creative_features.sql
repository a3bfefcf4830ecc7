CREATE TABLE "creative_features" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"image_key" text NOT NULL,
	"template_version_id" uuid,
	"source" text NOT NULL,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"stats" jsonb,
	"keys_version" text NOT NULL,
	"error" text,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creative_features_client_image_unique" UNIQUE("client_id","image_key")
);
--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "creative_features_id" uuid;--> statement-breakpoint
ALTER TABLE "creative_features" ADD CONSTRAINT "creative_features_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creative_features_features_gin" ON "creative_features" USING gin ("features");--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_creative_features_id_creative_features_id_fk" FOREIGN KEY ("creative_features_id") REFERENCES "public"."creative_features"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ads_creative_features_id_index" ON "ads" USING btree ("creative_features_id");