CREATE TABLE "ad_insights_ad_cumulative" (
	"ad_id" uuid NOT NULL,
	"day" date NOT NULL,
	"client_id" uuid NOT NULL,
	"cum_spend" numeric NOT NULL,
	"cum_impressions" bigint NOT NULL,
	"cum_link_clicks" bigint NOT NULL,
	"cum_purchases" numeric NOT NULL,
	"cum_purchase_value" numeric NOT NULL,
	CONSTRAINT "ad_insights_ad_cumulative_ad_id_day_pk" PRIMARY KEY("ad_id","day")
);
--> statement-breakpoint
-- Backfill: every ad's running totals from its daily rows, day by day as the writers add them (performance/facts.ts refreshAdCumulative).
INSERT INTO "ad_insights_ad_cumulative" ("ad_id", "day", "client_id", "cum_spend", "cum_impressions", "cum_link_clicks", "cum_purchases", "cum_purchase_value")
SELECT d."ad_id", d."day", d."client_id",
	sum(d."spend"::numeric) OVER w, sum(d."impressions") OVER w, sum(d."link_clicks") OVER w,
	sum(d."purchases"::numeric) OVER w, sum(d."purchase_value"::numeric) OVER w
FROM "ad_insights_daily" d
WINDOW w AS (PARTITION BY d."ad_id" ORDER BY d."day" ROWS UNBOUNDED PRECEDING)
ORDER BY d."day", d."ad_id";
--> statement-breakpoint
ALTER TABLE "ad_insights_ad_cumulative" ADD CONSTRAINT "ad_insights_ad_cumulative_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_insights_ad_cumulative_client_id_day_index" ON "ad_insights_ad_cumulative" USING btree ("client_id","day");