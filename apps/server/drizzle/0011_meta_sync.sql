ALTER TABLE "ad_connections" ADD COLUMN "backfill_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_connections" ADD COLUMN "sync_state" text DEFAULT 'idle' NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_connections" ADD COLUMN "sync_progress" double precision;--> statement-breakpoint
ALTER TABLE "ad_connections" ADD COLUMN "sync_message" text;--> statement-breakpoint
ALTER TABLE "ad_connections" ADD COLUMN "sync_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ad_connections" ADD COLUMN "sync_finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ad_connections" ADD COLUMN "sync_failures" jsonb DEFAULT '[]'::jsonb NOT NULL;