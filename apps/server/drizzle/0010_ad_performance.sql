CREATE TABLE "ad_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"source" text NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"connection_id" uuid,
	"sync_enabled" boolean DEFAULT false NOT NULL,
	"attribution_setting" text,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_accounts_client_source_external_unique" UNIQUE("client_id","source","external_id")
);
--> statement-breakpoint
CREATE TABLE "ad_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"objective" text,
	"status" text,
	CONSTRAINT "ad_campaigns_account_external_unique" UNIQUE("account_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "ad_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"external_user_id" text,
	"external_user_name" text,
	"token_ciphertext" text,
	"token_expires_at" timestamp with time zone,
	"scopes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"connected_by_user_id" uuid,
	"last_sync_at" timestamp with time zone,
	"last_sync_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_connections_client_provider_unique" UNIQUE("client_id","provider")
);
--> statement-breakpoint
CREATE TABLE "ad_insights_breakdowns" (
	"client_id" uuid NOT NULL,
	"ad_id" uuid NOT NULL,
	"day" date NOT NULL,
	"breakdown" text NOT NULL,
	"value" text NOT NULL,
	"spend" double precision DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"reach" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"link_clicks" bigint DEFAULT 0 NOT NULL,
	"purchases" double precision DEFAULT 0 NOT NULL,
	"purchase_value" double precision DEFAULT 0 NOT NULL,
	"add_to_cart" double precision DEFAULT 0 NOT NULL,
	"video_3s_plays" bigint,
	"thruplays" bigint,
	CONSTRAINT "ad_insights_breakdowns_ad_id_day_breakdown_value_pk" PRIMARY KEY("ad_id","day","breakdown","value")
);
--> statement-breakpoint
CREATE TABLE "ad_insights_campaign_daily" (
	"client_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"day" date NOT NULL,
	"ads" integer DEFAULT 0 NOT NULL,
	"spend" double precision DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"reach" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"link_clicks" bigint DEFAULT 0 NOT NULL,
	"purchases" double precision DEFAULT 0 NOT NULL,
	"purchase_value" double precision DEFAULT 0 NOT NULL,
	"add_to_cart" double precision DEFAULT 0 NOT NULL,
	"video_3s_plays" bigint,
	"thruplays" bigint,
	CONSTRAINT "ad_insights_campaign_daily_campaign_id_day_pk" PRIMARY KEY("campaign_id","day")
);
--> statement-breakpoint
CREATE TABLE "ad_insights_daily" (
	"client_id" uuid NOT NULL,
	"ad_id" uuid NOT NULL,
	"day" date NOT NULL,
	"spend" double precision DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"reach" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"link_clicks" bigint DEFAULT 0 NOT NULL,
	"purchases" double precision DEFAULT 0 NOT NULL,
	"purchase_value" double precision DEFAULT 0 NOT NULL,
	"add_to_cart" double precision DEFAULT 0 NOT NULL,
	"video_3s_plays" bigint,
	"thruplays" bigint,
	CONSTRAINT "ad_insights_daily_ad_id_day_pk" PRIMARY KEY("ad_id","day")
);
--> statement-breakpoint
CREATE TABLE "ad_performance_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text,
	"format" text,
	"language" text,
	"currency" text,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"rows_imported" integer DEFAULT 0 NOT NULL,
	"rejected_count" integer DEFAULT 0 NOT NULL,
	"rejected" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"unknown_columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"first_day" date,
	"last_day" date,
	"account_id" uuid,
	"error" text,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ad_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text,
	CONSTRAINT "ad_sets_account_external_unique" UNIQUE("account_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"ad_set_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text,
	"creative_kind" text,
	"creative_url" text,
	"thumbnail_url" text,
	"creative_hash" text,
	"feed_id" uuid,
	"design_id" uuid,
	"template_version_id" uuid,
	"catalog_item_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ads_account_external_unique" UNIQUE("account_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "performance_report_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"definition" jsonb NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "performance_report_views_client_name_unique" UNIQUE("client_id","name")
);
--> statement-breakpoint
CREATE TABLE "performance_settings" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"min_spend" double precision DEFAULT 50 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_accounts" ADD CONSTRAINT "ad_accounts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_accounts" ADD CONSTRAINT "ad_accounts_connection_id_ad_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."ad_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD CONSTRAINT "ad_campaigns_account_id_ad_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_connections" ADD CONSTRAINT "ad_connections_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_insights_breakdowns" ADD CONSTRAINT "ad_insights_breakdowns_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_insights_campaign_daily" ADD CONSTRAINT "ad_insights_campaign_daily_account_id_ad_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_insights_campaign_daily" ADD CONSTRAINT "ad_insights_campaign_daily_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_insights_daily" ADD CONSTRAINT "ad_insights_daily_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_performance_imports" ADD CONSTRAINT "ad_performance_imports_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_sets" ADD CONSTRAINT "ad_sets_account_id_ad_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_sets" ADD CONSTRAINT "ad_sets_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_account_id_ad_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_ad_set_id_ad_sets_id_fk" FOREIGN KEY ("ad_set_id") REFERENCES "public"."ad_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_report_views" ADD CONSTRAINT "performance_report_views_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_settings" ADD CONSTRAINT "performance_settings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_campaigns_client_id_index" ON "ad_campaigns" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "ad_insights_breakdowns_client_id_breakdown_day_index" ON "ad_insights_breakdowns" USING btree ("client_id","breakdown","day");--> statement-breakpoint
CREATE INDEX "ad_insights_campaign_daily_client_id_day_index" ON "ad_insights_campaign_daily" USING btree ("client_id","day");--> statement-breakpoint
CREATE INDEX "ad_insights_daily_client_id_day_index" ON "ad_insights_daily" USING btree ("client_id","day");--> statement-breakpoint
CREATE INDEX "ad_performance_imports_client_id_created_at_index" ON "ad_performance_imports" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "ad_sets_campaign_id_index" ON "ad_sets" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "ads_ad_set_id_index" ON "ads" USING btree ("ad_set_id");--> statement-breakpoint
CREATE INDEX "ads_campaign_id_index" ON "ads" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "ads_client_id_index" ON "ads" USING btree ("client_id");