import { ACTION_HORIZON_DAYS } from '@shared/api/actions';
import type { ChartPoint, Interval, SuggestionChange, SuggestionChart } from '@shared/api/suggestions';
import { type Platform, PLATFORM_LABELS, PLATFORMS } from '@shared/constants';
import { addDays, DAY_MS } from '@shared/days';
import { minorDigits } from '@shared/money';

import type { BudgetStep, Finding, Learning } from '../../analysis/findings';
import { findAll } from '../../analysis/suggest';
import type { AccountSeries, DayCounts } from '../../analysis/types';
import { median } from '../../analysis/window';
import type { DbOrTx } from '../../db/connect';
import type { connectedAdAccounts } from '../../db/schema';
import {
  accountSuggestionStates,
  insertSuggestion,
  recordSuggestionRun,
  updateSuggestion,
  withdrawAccountAdviceExcept,
  workspacePlatforms,
} from './suggestions.queries';

/**
 * Computes one account's suggestions: its stored campaigns, ads and daily figures as series,
 * its lag profile learnt from what past syncs saw, the analysis' findings, and then the
 * suggestions table brought in line: a finding's row is created or refreshed (a snoozed or
 * dismissed one keeps its state, an applied one until its outcome is due), and open advice no
 * longer found is withdrawn.
 */

/** Days the evidence chart shows, and the rolling window of each point. */
const CHART_DAYS = 28;
const CHART_ROLLING_DAYS = 7;

/** What a stored suggestion's body holds (presented as the API's Suggestion). */
export interface SuggestionBody {
  evidence: Finding['evidence'];
  chart: SuggestionChart | null;
  impact: { conversions_per_week: Interval; spend_per_week: Interval };
  change: SuggestionChange;
}

type AccountRow = typeof connectedAdAccounts.$inferSelect;

/** Every finding of the account, with what is still learning (the same call the decision bench measures). */
export function analyse(series: AccountSeries, lag: (number | null)[]): { findings: Finding[]; learning: Learning[] } {
  return findAll(series, lag);
}

/** A rate the evidence chart draws: a numerator and a denominator of a day, and the scale shown. */
interface ChartRate {
  label: string;
  numerator: (day: DayCounts) => number;
  denominator: (day: DayCounts) => number;
  scale: number;
}

const PER_IMPRESSION: ChartRate = {
  label: 'Conversions per 1,000 impressions',
  numerator: (d) => d.conversions,
  denominator: (d) => d.impressions,
  scale: 1000,
};
const CLICK_THROUGH: ChartRate = {
  label: 'Click-through rate (%)',
  numerator: (d) => d.clicks,
  denominator: (d) => d.impressions,
  scale: 100,
};
/** Conversions per 1,000 units of the account currency spent (spend is kept in minor units). */
const perSpend = (currency: string): ChartRate => ({
  label: `Conversions per 1,000 ${currency} spent`,
  numerator: (d) => d.conversions,
  denominator: (d) => d.spend,
  scale: 1000 * 10 ** minorDigits(currency),
});

/**
 * A CHART_ROLLING_DAYS rolling rate per day of the last CHART_DAYS: the entity's against the
 * median of its peers' (null where nothing was delivered).
 */
export function rollingChart(
  rate: ChartRate,
  entity: DayCounts[],
  peers: DayCounts[][],
  today: string,
  peersAre: string,
): SuggestionChart {
  const byDate = (days: DayCounts[]) => new Map(days.map((d) => [d.date, d]));
  const rolling = (days: Map<string, DayCounts>, end: string): number | null => {
    let top = 0;
    let bottom = 0;
    for (let i = 0; i < CHART_ROLLING_DAYS; i += 1) {
      const d = days.get(addDays(end, -i));
      if (d) {
        top += rate.numerator(d);
        bottom += rate.denominator(d);
      }
    }
    return bottom > 0 ? (top / bottom) * rate.scale : null;
  };
  const own = byDate(entity);
  const others = peers.map(byDate);
  const points: ChartPoint[] = [];
  for (let i = CHART_DAYS - 1; i >= 0; i -= 1) {
    const date = addDays(today, -i);
    const values = others.map((p) => rolling(p, date)).filter((v): v is number => v !== null);
    points.push({ date, entity: rolling(own, date), peers: values.length ? median(values) : null });
  }
  return { label: `${rate.label} (${CHART_ROLLING_DAYS}-day rolling) against the median of ${peersAre}`, points };
}

/** The chart that backs a finding: an ad against its campaign's other live ads, or a campaign against the account's other active campaigns. */
export function chartFor(finding: Finding, series: AccountSeries): SuggestionChart | null {
  const campaign = series.campaigns.find(
    (c) => c.id === (finding.level === 'ad' ? finding.campaignId : finding.entityId),
  );
  if (!campaign) return null;
  if (finding.level === 'ad') {
    const ad = campaign.ads.find((a) => a.id === finding.entityId);
    if (!ad) return null;
    const peers = campaign.ads.filter((a) => a.id !== ad.id && a.status === 'ACTIVE').map((a) => a.days);
    const rate = finding.type === 'creative_fatigue' || finding.type === 'test_cta' ? CLICK_THROUGH : PER_IMPRESSION;
    return rollingChart(rate, ad.days, peers, series.today, 'the campaign’s other live ads');
  }
  // A move of budget is the source against the campaign the money goes to.
  const { change } = finding;
  const target =
    change.kind === 'move_budget' ? series.campaigns.find((c) => c.id === change.target.campaignId) : undefined;
  if (target)
    return rollingChart(
      perSpend(series.currency),
      campaign.days,
      [target.days],
      series.today,
      `${target.name}, where the budget would go`,
    );
  const peers = series.campaigns.filter((c) => c.id !== campaign.id && c.status === 'ACTIVE').map((c) => c.days);
  return rollingChart(
    perSpend(series.currency),
    campaign.days,
    peers,
    series.today,
    'the account’s other active campaigns',
  );
}

/** A finding's change in the API's words (names of the entities, the account's currency). */
function apiChangeOf(finding: Finding, series: AccountSeries, otherPlatforms: Platform[]): SuggestionChange {
  const { change } = finding;
  const campaignName = (id: string) => series.campaigns.find((c) => c.id === id)?.name ?? id;
  switch (change.kind) {
    case 'ad_status':
      return {
        kind: 'ad_status',
        ad_id: change.adId,
        ad_name: finding.entityName,
        campaign_id: change.campaignId,
        campaign_name: campaignName(change.campaignId),
        from: change.from,
        to: change.to,
      };
    case 'campaign_budget':
      return {
        kind: 'campaign_budget',
        campaign_id: change.campaignId,
        campaign_name: campaignName(change.campaignId),
        currency: series.currency,
        from: change.from,
        to: change.to,
      };
    case 'move_budget': {
      const side = ({ campaignId, from, to }: BudgetStep) => ({
        campaign_id: campaignId,
        campaign_name: campaignName(campaignId),
        from,
        to,
      });
      return {
        kind: 'move_budget',
        currency: series.currency,
        amount: change.amount,
        source: side(change.source),
        target: side(change.target),
      };
    }
    case 'task': {
      // A proven creative is worth trying where else the workspace advertises.
      const elsewhere =
        finding.type === 'boost_creative' && otherPlatforms.length
          ? ` Your other connected platforms: ${otherPlatforms.map((p) => PLATFORM_LABELS[p]).join(', ')}.`
          : '';
      return { kind: 'task', description: `${change.description}${elsewhere}`, campaign_id: finding.campaignId };
    }
  }
}

/** A finding as stored: its body in the API's words. */
export function bodyOf(finding: Finding, series: AccountSeries, otherPlatforms: Platform[] = []): SuggestionBody {
  return {
    evidence: finding.evidence,
    chart: chartFor(finding, series),
    impact: { conversions_per_week: finding.impact.conversionsPerWeek, spend_per_week: finding.impact.spendPerWeek },
    change: apiChangeOf(finding, series, otherPlatforms),
  };
}

/**
 * Whether advice found again may be refreshed, and in which state. Advice withdrawn earlier (its
 * entity changed) and found again is open again, and so is applied advice still found once its
 * outcome is due (a second step of the same move, a budget still off): the evidence has had a
 * week of data since. The user's own decisions (snoozed, dismissed) and advice applied this week
 * keep their state: null, leave it alone.
 */
export function refreshedStatus(existing: { status: string; updatedAt: Date }, now: Date): 'open' | 'snoozed' | null {
  const reopenAppliedBefore = new Date(now.getTime() - ACTION_HORIZON_DAYS * DAY_MS);
  if (existing.status === 'snoozed') return 'snoozed';
  if (
    existing.status === 'open' ||
    existing.status === 'withdrawn' ||
    (existing.status === 'applied' && existing.updatedAt <= reopenAppliedBefore)
  )
    return 'open';
  return null;
}

/** Brings the account's stored suggestions in line with a fresh run of the analysis. */
export async function storeFindings(
  db: DbOrTx,
  account: AccountRow,
  series: AccountSeries,
  result: { findings: Finding[]; learning: Learning[] },
  now: Date,
): Promise<void> {
  const keys = result.findings.map((f) => f.key);
  const connected = await workspacePlatforms(db, account.workspaceId);
  const otherPlatforms = PLATFORMS.filter((p) => p !== account.platform && connected.some((c) => c.platform === p));
  await db.transaction(async (tx) => {
    // Every stored advice of the account at once, not one read per finding.
    const stored = new Map((await accountSuggestionStates(tx, account.id)).map((row) => [row.key, row]));
    for (const finding of result.findings) {
      const values = {
        workspaceId: account.workspaceId,
        accountRef: account.id,
        platform: account.platform,
        type: finding.type,
        key: finding.key,
        headline: finding.headline,
        confidence: finding.confidence,
        body: bodyOf(finding, series, otherPlatforms),
        score: finding.impact.conversionsPerWeek.mid,
        computedAt: now,
        updatedAt: now,
      };
      const existing = stored.get(finding.key);
      const status = existing && refreshedStatus(existing, now);
      if (!existing) await insertSuggestion(tx, values);
      else if (status) await updateSuggestion(tx, existing.id, { ...values, status });
    }
    await withdrawAccountAdviceExcept(tx, account.id, keys, now);
    await recordSuggestionRun(tx, {
      accountRef: account.id,
      workspaceId: account.workspaceId,
      computedAt: now,
      learning: result.learning.length,
    });
  });
}
