ALTER TABLE "connected_ad_accounts" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
ALTER TABLE "connected_ad_accounts" ADD COLUMN "attribution_updated_at" timestamp with time zone;