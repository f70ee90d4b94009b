CREATE TABLE "campaign_running_last" (
	"account_ref" uuid NOT NULL,
	"campaign_id" text NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"spend_minor" bigint NOT NULL,
	"impressions" bigint NOT NULL,
	"clicks" bigint NOT NULL,
	"conversions" double precision NOT NULL,
	"conversion_value_minor" bigint NOT NULL,
	CONSTRAINT "campaign_running_last_account_ref_campaign_id_currency_pk" PRIMARY KEY("account_ref","campaign_id","currency")
);
--> statement-breakpoint
ALTER TABLE "campaign_running_last" ADD CONSTRAINT "campaign_running_last_account_ref_connected_ad_accounts_id_fk" FOREIGN KEY ("account_ref") REFERENCES "public"."connected_ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Running rows now stop at each campaign's own last row (they went on to the account's last day,
-- so a campaign stopped years ago added a row a day): a window that ends after a campaign's last
-- row reads its sums from campaign_running_last. The rebuild of each given account from the given
-- day on:
-- 1. campaigns whose last row was on or after that day and that have no row from it any more (their
--    later rows deleted) are cut back to their last remaining row, or go when none is left;
-- 2. the running rows from that day on are written again for each campaign with a row from that
--    day: from the day after what it carried into that day (its row the day before it, or its last
--    row when it had stopped earlier, so a campaign that starts again fills the days it was
--    stopped) up to its own last row;
-- 3. each such campaign's last row is its row at its last day.
-- PL/pgSQL rather than SQL: it keeps its statements' plans between calls, where an SQL function
-- plans them again on every call (most of a small rebuild's time).
CREATE OR REPLACE FUNCTION "campaign_running_rebuild"(refs uuid[], froms date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  gone_refs uuid[];
  gone_campaigns text[];
  gone_currencies text[];
  gone_last_days date[];
BEGIN
  SELECT array_agg(l.account_ref), array_agg(l.campaign_id), array_agg(l.currency),
         array_agg((SELECT max(m.day) FROM metrics_daily m
                    WHERE m.account_ref = l.account_ref AND m.level = 'campaign'
                      AND m.entity_id = l.campaign_id AND m.currency = l.currency))
  INTO gone_refs, gone_campaigns, gone_currencies, gone_last_days
  FROM campaign_running_last l JOIN unnest(refs, froms) AS t(account_ref, from_day)
    ON l.account_ref = t.account_ref AND l.day >= t.from_day
  WHERE NOT EXISTS (
    SELECT 1 FROM metrics_daily m
    WHERE m.account_ref = l.account_ref AND m.level = 'campaign' AND m.entity_id = l.campaign_id
      AND m.currency = l.currency AND m.day >= t.from_day
  );

  DELETE FROM campaign_running r USING unnest(refs, froms) AS t(account_ref, from_day)
  WHERE r.account_ref = t.account_ref AND r.day >= t.from_day;

  IF gone_refs IS NOT NULL THEN
    DELETE FROM campaign_running r
    USING unnest(gone_refs, gone_campaigns, gone_currencies, gone_last_days) AS g(account_ref, campaign_id, currency, last_day)
    WHERE r.account_ref = g.account_ref AND r.campaign_id = g.campaign_id AND r.currency = g.currency
      AND r.day > coalesce(g.last_day, '-infinity'::date);
    DELETE FROM campaign_running_last l
    USING unnest(gone_refs, gone_campaigns, gone_currencies, gone_last_days) AS g(account_ref, campaign_id, currency, last_day)
    WHERE l.account_ref = g.account_ref AND l.campaign_id = g.campaign_id AND l.currency = g.currency AND g.last_day IS NULL;
    INSERT INTO campaign_running_last (account_ref, campaign_id, day, currency, spend_minor, impressions, clicks, conversions, conversion_value_minor)
    SELECT r.account_ref, r.campaign_id, r.day, r.currency, r.spend_minor, r.impressions, r.clicks, r.conversions, r.conversion_value_minor
    FROM unnest(gone_refs, gone_campaigns, gone_currencies, gone_last_days) AS g(account_ref, campaign_id, currency, last_day)
    JOIN campaign_running r ON r.account_ref = g.account_ref AND r.day = g.last_day
      AND r.campaign_id = g.campaign_id AND r.currency = g.currency
    -- Upserts here as below: two transactions rebuilding one account each leave a whole row.
    ON CONFLICT (account_ref, campaign_id, currency) DO UPDATE SET
      day = excluded.day, spend_minor = excluded.spend_minor, impressions = excluded.impressions, clicks = excluded.clicks,
      conversions = excluded.conversions, conversion_value_minor = excluded.conversion_value_minor;
  END IF;

  WITH t AS (
    SELECT * FROM unnest(refs, froms) AS t(account_ref, from_day)
  ), base AS (
    -- What each campaign carried into the rebuilt days: its row the day before them while it ran
    -- on, or its last row when it had stopped before (the last rows of later days are being rebuilt).
    SELECT r.account_ref, r.campaign_id, r.currency, r.day, r.spend_minor, r.impressions, r.clicks, r.conversions, r.conversion_value_minor
    FROM campaign_running r JOIN t ON r.account_ref = t.account_ref AND r.day = t.from_day - 1
    UNION ALL
    SELECT l.account_ref, l.campaign_id, l.currency, l.day, l.spend_minor, l.impressions, l.clicks, l.conversions, l.conversion_value_minor
    FROM campaign_running_last l JOIN t ON l.account_ref = t.account_ref AND l.day < t.from_day - 1
  ), changed AS (
    SELECT m.* FROM metrics_daily m JOIN t ON m.account_ref = t.account_ref AND m.level = 'campaign' AND m.day >= t.from_day
  ), spans AS (
    SELECT c.account_ref, c.campaign_id, c.currency, min(c.day) AS first_day, max(c.day) AS last_day
    FROM changed c GROUP BY c.account_ref, c.campaign_id, c.currency
  ), grid AS (
    SELECT s.account_ref, s.campaign_id, s.currency, g.day::date AS day
    FROM spans s
    LEFT JOIN base b ON b.account_ref = s.account_ref AND b.campaign_id = s.campaign_id AND b.currency = s.currency
    CROSS JOIN LATERAL generate_series(coalesce(b.day + 1, s.first_day), s.last_day, interval '1 day') AS g(day)
  ), written AS (
    INSERT INTO campaign_running (account_ref, day, campaign_id, currency, spend_minor, impressions, clicks, conversions, conversion_value_minor)
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
      conversions = excluded.conversions, conversion_value_minor = excluded.conversion_value_minor
    RETURNING *
  )
  INSERT INTO campaign_running_last (account_ref, campaign_id, day, currency, spend_minor, impressions, clicks, conversions, conversion_value_minor)
  SELECT w.account_ref, w.campaign_id, w.day, w.currency, w.spend_minor, w.impressions, w.clicks, w.conversions, w.conversion_value_minor
  FROM written w
  JOIN spans s ON s.account_ref = w.account_ref AND s.campaign_id = w.campaign_id AND s.currency = w.currency AND s.last_day = w.day
  ON CONFLICT (account_ref, campaign_id, currency) DO UPDATE SET
    day = excluded.day, spend_minor = excluded.spend_minor, impressions = excluded.impressions, clicks = excluded.clicks,
    conversions = excluded.conversions, conversion_value_minor = excluded.conversion_value_minor;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "campaign_running_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE campaign_running, campaign_running_last;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The rows a database already holds, rebuilt the new way: every account from its first campaign row.
TRUNCATE campaign_running;
--> statement-breakpoint
SELECT campaign_running_rebuild(array_agg(t.account_ref), array_agg(t.from_day))
FROM (SELECT account_ref, min(day) AS from_day FROM metrics_daily WHERE level = 'campaign' GROUP BY account_ref) t;
