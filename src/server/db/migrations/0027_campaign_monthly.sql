CREATE TABLE "campaign_monthly" (
	"account_ref" uuid NOT NULL,
	"campaign_id" text NOT NULL,
	"month" date NOT NULL,
	"currency" text NOT NULL,
	"spend_minor" bigint NOT NULL,
	"impressions" bigint NOT NULL,
	"clicks" bigint NOT NULL,
	"conversions" double precision NOT NULL,
	"conversion_value_minor" bigint NOT NULL,
	CONSTRAINT "campaign_monthly_account_ref_month_campaign_id_currency_pk" PRIMARY KEY("account_ref","month","campaign_id","currency")
);
--> statement-breakpoint
ALTER TABLE "campaign_monthly" ADD CONSTRAINT "campaign_monthly_account_ref_connected_ad_accounts_id_fk" FOREIGN KEY ("account_ref") REFERENCES "public"."connected_ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Rebuilds the rollup of the given (account, month) pairs from their campaign rows in metrics_daily.
CREATE FUNCTION "campaign_monthly_rebuild"(refs uuid[], months date[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM campaign_monthly c USING unnest(refs, months) AS t(account_ref, month)
  WHERE c.account_ref = t.account_ref AND c.month = t.month;
  INSERT INTO campaign_monthly (account_ref, campaign_id, month, currency, spend_minor, impressions, clicks, conversions, conversion_value_minor)
  SELECT m.account_ref, m.campaign_id, t.month, m.currency, sum(m.spend_minor), sum(m.impressions), sum(m.clicks), sum(m.conversions), sum(m.conversion_value_minor)
  FROM unnest(refs, months) AS t(account_ref, month)
  JOIN metrics_daily m ON m.account_ref = t.account_ref AND m.level = 'campaign' AND m.day >= t.month AND m.day < (t.month + interval '1 month')::date
  GROUP BY m.account_ref, m.campaign_id, t.month, m.currency
  -- Two transactions rebuilding one month: the later one's sums stand, as for account_daily.
  ON CONFLICT (account_ref, month, campaign_id, currency) DO UPDATE SET
    spend_minor = excluded.spend_minor, impressions = excluded.impressions, clicks = excluded.clicks,
    conversions = excluded.conversions, conversion_value_minor = excluded.conversion_value_minor;
$$;
--> statement-breakpoint
-- After each statement that writes metrics_daily, the months of the campaign rows it touched
-- are summed again: whoever writes the rows (sync, a seed, a test fixture), the rollup follows.
CREATE FUNCTION "campaign_monthly_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  refs uuid[];
  months date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(t.account_ref), array_agg(t.month) INTO refs, months
    FROM (SELECT DISTINCT account_ref, date_trunc('month', day::timestamp)::date AS month FROM new_rows WHERE level = 'campaign') t;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(t.account_ref), array_agg(t.month) INTO refs, months
    FROM (SELECT DISTINCT account_ref, date_trunc('month', day::timestamp)::date AS month FROM old_rows WHERE level = 'campaign') t;
  ELSE
    SELECT array_agg(t.account_ref), array_agg(t.month) INTO refs, months
    FROM (
      SELECT account_ref, date_trunc('month', day::timestamp)::date AS month FROM old_rows WHERE level = 'campaign'
      UNION
      SELECT account_ref, date_trunc('month', day::timestamp)::date AS month FROM new_rows WHERE level = 'campaign'
    ) t;
  END IF;
  IF refs IS NOT NULL THEN
    PERFORM campaign_monthly_rebuild(refs, months);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "campaign_monthly_after_insert" AFTER INSERT ON "metrics_daily" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_monthly_refresh();
--> statement-breakpoint
CREATE TRIGGER "campaign_monthly_after_update" AFTER UPDATE ON "metrics_daily" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_monthly_refresh();
--> statement-breakpoint
CREATE TRIGGER "campaign_monthly_after_delete" AFTER DELETE ON "metrics_daily" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_monthly_refresh();
--> statement-breakpoint
CREATE FUNCTION "campaign_monthly_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE campaign_monthly;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "campaign_monthly_after_truncate" AFTER TRUNCATE ON "metrics_daily" FOR EACH STATEMENT EXECUTE FUNCTION campaign_monthly_clear();
--> statement-breakpoint
-- The campaign rows a database already holds.
INSERT INTO "campaign_monthly" (account_ref, campaign_id, month, currency, spend_minor, impressions, clicks, conversions, conversion_value_minor)
SELECT account_ref, campaign_id, date_trunc('month', day::timestamp)::date, currency, sum(spend_minor), sum(impressions), sum(clicks), sum(conversions), sum(conversion_value_minor)
FROM metrics_daily
WHERE level = 'campaign'
GROUP BY account_ref, campaign_id, date_trunc('month', day::timestamp)::date, currency;
