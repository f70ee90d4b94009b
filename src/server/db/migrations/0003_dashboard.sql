CREATE TABLE "account_daily" (
	"account_ref" uuid NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"spend_minor" bigint NOT NULL,
	"impressions" bigint NOT NULL,
	"clicks" bigint NOT NULL,
	"conversions" double precision NOT NULL,
	"conversion_value_minor" bigint NOT NULL,
	CONSTRAINT "account_daily_account_ref_day_currency_pk" PRIMARY KEY("account_ref","day","currency")
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"account_ref" uuid NOT NULL,
	"ad_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ads_account_ref_ad_id_pk" PRIMARY KEY("account_ref","ad_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_ref" uuid NOT NULL,
	"platform" text NOT NULL,
	"campaign_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"daily_budget_minor" bigint,
	"currency" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"per_usd" double precision NOT NULL,
	CONSTRAINT "exchange_rates_currency_day_pk" PRIMARY KEY("currency","day")
);
--> statement-breakpoint
CREATE TABLE "metrics_daily" (
	"account_ref" uuid NOT NULL,
	"level" text NOT NULL,
	"entity_id" text NOT NULL,
	"day" date NOT NULL,
	"campaign_id" text NOT NULL,
	"currency" text NOT NULL,
	"spend_minor" bigint NOT NULL,
	"impressions" bigint NOT NULL,
	"clicks" bigint NOT NULL,
	"conversions" double precision NOT NULL,
	"conversion_value_minor" bigint NOT NULL,
	CONSTRAINT "metrics_daily_account_ref_level_entity_id_day_pk" PRIMARY KEY("account_ref","level","entity_id","day")
);
--> statement-breakpoint
CREATE TABLE "sync_state" (
	"connection_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'idle' NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"last_synced_at" timestamp with time zone,
	"backfilled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "display_currency" text DEFAULT 'INR' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_daily" ADD CONSTRAINT "account_daily_account_ref_connected_ad_accounts_id_fk" FOREIGN KEY ("account_ref") REFERENCES "public"."connected_ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_account_ref_connected_ad_accounts_id_fk" FOREIGN KEY ("account_ref") REFERENCES "public"."connected_ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_account_ref_connected_ad_accounts_id_fk" FOREIGN KEY ("account_ref") REFERENCES "public"."connected_ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metrics_daily" ADD CONSTRAINT "metrics_daily_account_ref_connected_ad_accounts_id_fk" FOREIGN KEY ("account_ref") REFERENCES "public"."connected_ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_state" ADD CONSTRAINT "sync_state_connection_id_platform_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."platform_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_state" ADD CONSTRAINT "sync_state_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ads_account_campaign_idx" ON "ads" USING btree ("account_ref","campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_account_campaign_idx" ON "campaigns" USING btree ("account_ref","campaign_id");--> statement-breakpoint
CREATE INDEX "campaigns_user_idx" ON "campaigns" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "metrics_daily_account_level_day_idx" ON "metrics_daily" USING btree ("account_ref","level","day");--> statement-breakpoint
-- Seed exchange rates (units per US dollar), valid from 2026-01-01 until newer rows are imported.
INSERT INTO "exchange_rates" ("currency", "day", "per_usd") VALUES
('USD', '2026-01-01', 1),
('INR', '2026-01-01', 88.6),
('EUR', '2026-01-01', 0.862),
('GBP', '2026-01-01', 0.761),
('JPY', '2026-01-01', 154.2),
('AUD', '2026-01-01', 1.536),
('CAD', '2026-01-01', 1.401),
('SGD', '2026-01-01', 1.302),
('AED', '2026-01-01', 3.6725),
('CHF', '2026-01-01', 0.804),
('SEK', '2026-01-01', 9.49),
('NOK', '2026-01-01', 10.12),
('DKK', '2026-01-01', 6.43),
('NZD', '2026-01-01', 1.771),
('HKD', '2026-01-01', 7.774),
('CNY', '2026-01-01', 7.105),
('KRW', '2026-01-01', 1458.0),
('IDR', '2026-01-01', 16690.0),
('BRL', '2026-01-01', 5.33),
('MXN', '2026-01-01', 18.37),
('ZAR', '2026-01-01', 17.35),
('KWD', '2026-01-01', 0.3071),
('SAR', '2026-01-01', 3.751),
('TRY', '2026-01-01', 42.3),
('PLN', '2026-01-01', 3.66),
('THB', '2026-01-01', 32.4),
('MYR', '2026-01-01', 4.14),
('PHP', '2026-01-01', 58.9),
('ILS', '2026-01-01', 3.27),
('TWD', '2026-01-01', 30.9)
ON CONFLICT DO NOTHING;
