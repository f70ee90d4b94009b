CREATE TABLE "campaign_running" (
	"account_ref" uuid NOT NULL,
	"day" date NOT NULL,
	"campaign_id" text NOT NULL,
	"currency" text NOT NULL,
	"spend_minor" bigint NOT NULL,
	"impressions" bigint NOT NULL,
	"clicks" bigint NOT NULL,
	"conversions" double precision NOT NULL,
	"conversion_value_minor" bigint NOT NULL,
	CONSTRAINT "campaign_running_account_ref_day_campaign_id_currency_pk" PRIMARY KEY("account_ref","day","campaign_id","currency")
);
--> statement-breakpoint
ALTER TABLE "campaign_running" ADD CONSTRAINT "campaign_running_account_ref_connected_ad_accounts_id_fk" FOREIGN KEY ("account_ref") REFERENCES "public"."connected_ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Rebuilds the running totals of each given account from the given day on: the day before it
-- carries the sums so far (the latest running row below it, which is every campaign's at the
-- account's previous last day, the rows being dense), and every campaign with a row from that day
-- gets a row for each day up to the account's last campaign row, its day's sums added to the
-- total so far.
-- PL/pgSQL rather than SQL: it keeps its statements' plans between calls, where an SQL function plans
-- them again on every call (most of a small rebuild's time).
CREATE FUNCTION "campaign_running_rebuild"(refs uuid[], froms date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM campaign_running r USING unnest(refs, froms) AS t(account_ref, from_day)
  WHERE r.account_ref = t.account_ref AND r.day >= t.from_day;
  INSERT INTO campaign_running (account_ref, day, campaign_id, currency, spend_minor, impressions, clicks, conversions, conversion_value_minor)
  WITH t AS (
    SELECT t.account_ref, t.from_day,
           (SELECT max(r.day) FROM campaign_running r WHERE r.account_ref = t.account_ref AND r.day < t.from_day) AS prev_day,
           (SELECT max(m.day) FROM metrics_daily m WHERE m.account_ref = t.account_ref AND m.level = 'campaign') AS last_day
    FROM unnest(refs, froms) AS t(account_ref, from_day)
  ), base AS (
    SELECT r.* FROM campaign_running r JOIN t ON r.account_ref = t.account_ref AND r.day = t.prev_day
  ), changed AS (
    SELECT m.* FROM metrics_daily m JOIN t ON m.account_ref = t.account_ref AND m.level = 'campaign' AND m.day >= t.from_day
  ), starts AS (
    SELECT s.account_ref, s.campaign_id, s.currency, min(s.first_day) AS first_day
    FROM (
      SELECT b.account_ref, b.campaign_id, b.currency, t.prev_day + 1 AS first_day FROM base b JOIN t ON t.account_ref = b.account_ref
      UNION ALL
      SELECT c.account_ref, c.campaign_id, c.currency, min(c.day) FROM changed c GROUP BY c.account_ref, c.campaign_id, c.currency
    ) s
    GROUP BY s.account_ref, s.campaign_id, s.currency
  ), grid AS (
    SELECT s.account_ref, s.campaign_id, s.currency, g.day::date AS day
    FROM starts s JOIN t ON t.account_ref = s.account_ref
    CROSS JOIN LATERAL generate_series(s.first_day, t.last_day, interval '1 day') AS g(day)
  )
  SELECT g.account_ref, g.day, g.campaign_id, g.currency,
         coalesce(b.spend_minor, 0) + sum(coalesce(c.spend_minor, 0)) OVER w,
         coalesce(b.impressions, 0) + sum(coalesce(c.impressions, 0)) OVER w,
         coalesce(b.clicks, 0) + sum(coalesce(c.clicks, 0)) OVER w,
         coalesce(b.conversions, 0) + sum(coalesce(c.conversions, 0)) OVER w,
         coalesce(b.conversion_value_minor, 0) + sum(coalesce(c.conversion_value_minor, 0)) OVER w
  FROM grid g
  LEFT JOIN changed c ON c.account_ref = g.account_ref AND c.campaign_id = g.campaign_id AND c.currency = g.currency AND c.day = g.day
  LEFT JOIN base b ON b.account_ref = g.account_ref AND b.campaign_id = g.campaign_id AND b.currency = g.currency
  WINDOW w AS (PARTITION BY g.account_ref, g.campaign_id, g.currency ORDER BY g.day)
  -- Two transactions rebuilding one account: the later one's sums stand, as for campaign_monthly.
  ON CONFLICT (account_ref, day, campaign_id, currency) DO UPDATE SET
    spend_minor = excluded.spend_minor, impressions = excluded.impressions, clicks = excluded.clicks,
    conversions = excluded.conversions, conversion_value_minor = excluded.conversion_value_minor;
  -- Rows carried across days without rows stay only up to the account's last campaign row.
  DELETE FROM campaign_running r USING unnest(refs) AS t(account_ref)
  WHERE r.account_ref = t.account_ref
    AND r.day > coalesce((SELECT max(m.day) FROM metrics_daily m WHERE m.account_ref = t.account_ref AND m.level = 'campaign'), '-infinity'::date);
END
$$;
--> statement-breakpoint
-- After each statement that writes metrics_daily, each account's running totals are rebuilt from
-- the earliest campaign day it touched (a daily sync restates a week: a week of rows per campaign).
CREATE FUNCTION "campaign_running_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  refs uuid[];
  froms date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(t.account_ref), array_agg(t.from_day) INTO refs, froms
    FROM (SELECT account_ref, min(day) AS from_day FROM new_rows WHERE level = 'campaign' GROUP BY account_ref) t;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(t.account_ref), array_agg(t.from_day) INTO refs, froms
    FROM (SELECT account_ref, min(day) AS from_day FROM old_rows WHERE level = 'campaign' GROUP BY account_ref) t;
  ELSE
    SELECT array_agg(t.account_ref), array_agg(t.from_day) INTO refs, froms
    FROM (
      SELECT u.account_ref, min(u.day) AS from_day
      FROM (
        SELECT account_ref, day FROM old_rows WHERE level = 'campaign'
        UNION ALL
        SELECT account_ref, day FROM new_rows WHERE level = 'campaign'
      ) u
      GROUP BY u.account_ref
    ) t;
  END IF;
  IF refs IS NOT NULL THEN
    PERFORM campaign_running_rebuild(refs, froms);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "campaign_running_after_insert" AFTER INSERT ON "metrics_daily" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_running_refresh();
--> statement-breakpoint
CREATE TRIGGER "campaign_running_after_update" AFTER UPDATE ON "metrics_daily" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_running_refresh();
--> statement-breakpoint
CREATE TRIGGER "campaign_running_after_delete" AFTER DELETE ON "metrics_daily" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_running_refresh();
--> statement-breakpoint
CREATE FUNCTION "campaign_running_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE campaign_running;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "campaign_running_after_truncate" AFTER TRUNCATE ON "metrics_daily" FOR EACH STATEMENT EXECUTE FUNCTION campaign_running_clear();
--> statement-breakpoint
-- The campaign rows a database already holds.
SELECT campaign_running_rebuild(array_agg(t.account_ref), array_agg(t.from_day))
FROM (SELECT account_ref, min(day) AS from_day FROM metrics_daily WHERE level = 'campaign' GROUP BY account_ref) t;
