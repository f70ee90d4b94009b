import type { Budget } from '@shared/api/budgets';
import { type CampaignRow, type DisplayCurrency, percentChange, type PlatformAttribution } from '@shared/api/dashboard';
import type { FirstPartyFigures } from '@shared/api/firstParty';
import {
  REPORT_LIMITS,
  REPORT_SECTION_LABELS,
  type ReportActionRow,
  type ReportAdRow,
  type ReportAlertRow,
  type ReportPacingRow,
  type ReportPlatformRow,
  type ReportSectionData,
  type ReportSectionKey,
} from '@shared/api/reports';
import { type Platform, PLATFORM_LABELS } from '@shared/constants';

import { addSums, presentAd, presentCampaign, presentSeries, presentTotals } from '../dashboard/dashboard.presenter';
import type { AdTotals, CampaignTotals, DailyPoint } from '../metrics/metrics.types';

/**
 * The report builder: what the metrics seam and the workspace's logs returned, as a report's
 * sections in the report's order. Pure (no I/O, no clock). Every figure goes through the
 * dashboard's own presenters with the same reads as the dashboard's, so the headline figures,
 * the chart, the platform rows and the campaign rows equal the dashboard's for the same days and
 * currency.
 */

export interface ReportAd extends AdTotals {
  platform: Platform;
  campaignName: string | null;
}

export interface ReportInputs {
  currency: DisplayCurrency;
  /** Days of the period. */
  periodDays: number;
  /** Converted sums per day of every account over the previous period and the period (as the dashboard reads them). */
  days: DailyPoint[];
  /** The same per connected platform. */
  platforms: { platform: Platform; days: DailyPoint[] }[];
  /** Every campaign with its totals over the period. */
  campaigns: CampaignTotals[];
  /** Every ad with its totals over the period. */
  ads: ReportAd[];
  /** The workspace's monthly budgets with their pacing. */
  budgets: Budget[];
  alerts: { rows: ReportAlertRow[]; total: number };
  actions: { rows: ReportActionRow[]; total: number };
  /** How each connected platform counts conversions (the dashboard's attribution list). */
  attribution: PlatformAttribution[];
  /** The first-party figures over the period, or null without first-party days. */
  firstParty: FirstPartyFigures | null;
}

/** Sums of the part of `days` that is the period (its last `periodDays`), and of the part before it. */
function split(days: DailyPoint[], periodDays: number) {
  const at = days.length - periodDays;
  return { before: days.slice(0, at), current: days.slice(at) };
}

interface Ranked {
  spend: number;
  conversions: number;
  key: string;
}

/**
 * Top: the most conversions (then the least spend). Bottom, of the others that spent: the most
 * spent per conversion (nothing converted counts as the worst, the bigger spender first).
 */
export function topAndBottom<T>(
  rows: T[],
  rank: (row: T) => Ranked,
  size: number = REPORT_LIMITS.topBottom,
): { top: T[]; bottom: T[] } {
  const ranked = rows.map((row) => ({ row, r: rank(row) })).filter(({ r }) => r.spend > 0 || r.conversions > 0);
  const top = [...ranked]
    .filter(({ r }) => r.conversions > 0)
    .sort((a, b) => b.r.conversions - a.r.conversions || a.r.spend - b.r.spend || a.r.key.localeCompare(b.r.key))
    .slice(0, size);
  const inTop = new Set(top.map(({ r }) => r.key));
  const costPer = (r: Ranked) => (r.conversions > 0 ? r.spend / r.conversions : Number.POSITIVE_INFINITY);
  const bottom = ranked
    .filter(({ r }) => !inTop.has(r.key) && r.spend > 0)
    .sort((a, b) => {
      const ca = costPer(a.r);
      const cb = costPer(b.r);
      if (ca !== cb) return ca === Number.POSITIVE_INFINITY ? -1 : cb === Number.POSITIVE_INFINITY ? 1 : cb - ca;
      return b.r.spend - a.r.spend || a.r.key.localeCompare(b.r.key);
    })
    .slice(0, size);
  return { top: top.map(({ row }) => row), bottom: bottom.map(({ row }) => row) };
}

const campaignRank = (row: CampaignRow): Ranked => ({ spend: row.spend, conversions: row.conversions, key: row.id });
const adRank = (row: ReportAdRow): Ranked => ({
  spend: row.spend,
  conversions: row.conversions,
  key: `${row.platform}:${row.ad_id}`,
});

function section(key: ReportSectionKey, inputs: ReportInputs): ReportSectionData {
  const { currency } = inputs;
  const title = REPORT_SECTION_LABELS[key];
  switch (key) {
    case 'headline': {
      const { before, current } = split(inputs.days, inputs.periodDays);
      const summary = presentTotals(addSums(current), currency);
      const previous = presentTotals(addSums(before), currency);
      return {
        key,
        title,
        summary,
        previous,
        change: {
          spend: percentChange(summary.spend, previous.spend),
          impressions: percentChange(summary.impressions, previous.impressions),
          ctr: percentChange(summary.ctr, previous.ctr),
          conversions: percentChange(summary.conversions, previous.conversions),
        },
        attribution: inputs.attribution,
        first_party: inputs.firstParty,
      };
    }
    case 'chart':
      return { key, title, series: presentSeries(split(inputs.days, inputs.periodDays).current, currency) };
    case 'platforms': {
      const rows: ReportPlatformRow[] = inputs.platforms.map(({ platform, days }) => ({
        platform,
        label: PLATFORM_LABELS[platform],
        totals: presentTotals(addSums(split(days, inputs.periodDays).current), currency),
      }));
      return { key, title, rows };
    }
    case 'campaigns':
      return {
        key,
        title,
        ...topAndBottom(
          inputs.campaigns.map((row) => presentCampaign(row, currency)),
          campaignRank,
        ),
      };
    case 'ads': {
      const rows: ReportAdRow[] = inputs.ads.map((ad) => ({
        ...presentAd(ad, currency),
        platform: ad.platform,
        campaign_name: ad.campaignName,
      }));
      return { key, title, ...topAndBottom(rows, adRank) };
    }
    case 'pacing': {
      const rows: ReportPacingRow[] = inputs.budgets.map((budget) => ({
        id: budget.id,
        label: budget.label,
        currency: budget.currency,
        month: budget.pacing.month,
        target: budget.pacing.target,
        spent: budget.pacing.spent,
        projected: budget.pacing.projected.mid,
        status: budget.pacing.status,
        advice: budget.pacing.advice,
      }));
      return { key, title, rows };
    }
    case 'alerts':
      return { key, title, ...inputs.alerts };
    case 'actions':
      return { key, title, ...inputs.actions };
  }
}

/** The report's sections, in its order. */
export function buildSections(sections: ReportSectionKey[], inputs: ReportInputs): ReportSectionData[] {
  return sections.map((key) => section(key, inputs));
}
