CREATE TABLE "ad_insights_feature_daily" (
	"client_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"feature" text NOT NULL,
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
	CONSTRAINT "ad_insights_feature_daily_campaign_id_feature_day_pk" PRIMARY KEY("campaign_id","feature","day")
);
--> statement-breakpoint
CREATE TABLE "creative_feature_rollups" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_insights_feature_daily" ADD CONSTRAINT "ad_insights_feature_daily_account_id_ad_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_insights_feature_daily" ADD CONSTRAINT "ad_insights_feature_daily_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_feature_rollups" ADD CONSTRAINT "creative_feature_rollups_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_insights_feature_daily_client_id_feature_day_index" ON "ad_insights_feature_daily" USING btree ("client_id","feature","day");