import { type DisplayCurrency, previousRange } from '@shared/api/dashboard';
import { REPORT_LIMITS, type ReportSectionKey } from '@shared/api/reports';
import { type Platform, PLATFORMS } from '@shared/constants';

import type { DbOrTx } from '../../db/connect';
import type { Principal } from '../access/principal';
import type { BudgetsService } from '../budgets/budgets.service';
import { presentAttribution } from '../dashboard/dashboard.attribution';
import type { FirstPartyService } from '../firstParty/firstParty.service';
import { dailyTotals, entityTotals, withRates } from '../metrics/metrics.queries';
import type { DailyPoint, MetricScope } from '../metrics/metrics.types';
import type { ReportInputs } from './report.build';
import type { ResolvedPeriod } from './report.period';
import { presentActionRow, presentAlertRow } from './reports.presenter';
import * as queries from './reports.queries';

/**
 * What a report's sections need, read once: the metrics seam's reads exactly as the dashboard
 * makes them (both periods' days in one rated read; campaigns and ads over the period), the
 * budgets' pacing from the budgets service, the platforms' attribution windows and the
 * first-party figures (for the headline), and the period's alerts and actions. Only what the
 * chosen sections show is read.
 */
export async function loadReportInputs(
  db: DbOrTx,
  deps: { budgets: Pick<BudgetsService, 'list'>; firstParty: Pick<FirstPartyService, 'figuresOver'> },
  principal: Principal,
  input: { currency: DisplayCurrency; period: ResolvedPeriod; sections: ReportSectionKey[] },
): Promise<{ inputs: ReportInputs; unconverted: string[] }> {
  const { workspaceId } = principal;
  const { currency, period, sections } = input;
  const need = (...keys: ReportSectionKey[]) => keys.some((key) => sections.includes(key));
  const accounts = (await queries.workspaceAccounts(db, workspaceId)).map((account) => ({
    ...account,
    platform: account.platform as Platform,
  }));
  const refs = accounts.map(({ id, currency: accountCurrency }) => ({ id, currency: accountCurrency }));
  const previous = previousRange(period.from, period.to);

  // The dashboard's view: one rated read over the previous period and the period.
  const metrics = await withRates(db, {
    workspaceId,
    accounts: refs,
    currency,
    window: { from: previous.from, to: period.to },
  });
  const days: DailyPoint[] = need('headline', 'chart') ? await dailyTotals(db, metrics) : [];
  const platforms: ReportInputs['platforms'] = [];
  if (need('platforms')) {
    for (const platform of PLATFORMS) {
      const ofPlatform = accounts
        .filter((account) => account.platform === platform)
        .map(({ id, currency: c }) => ({ id, currency: c }));
      if (ofPlatform.length)
        platforms.push({ platform, days: await dailyTotals(db, { ...metrics, accounts: ofPlatform }) });
    }
  }

  // The dashboard's campaign list: the period alone, rates loaded for it.
  const overPeriod: MetricScope = {
    workspaceId,
    accounts: refs,
    currency,
    window: { from: period.from, to: period.to },
  };
  const campaigns = need('campaigns')
    ? (await entityTotals(db, overPeriod, { level: 'campaign', sort: 'spend', order: 'desc' })).rows
    : [];
  let ads: ReportInputs['ads'] = [];
  if (need('ads')) {
    const [rows, names] = await Promise.all([
      entityTotals(db, overPeriod, { level: 'ad', sort: 'spend', order: 'desc' }),
      queries.campaignNames(db, workspaceId),
    ]);
    const platformOf = new Map(accounts.map((account) => [account.id, account.platform]));
    ads = rows.rows.map((row) => ({
      ...row,
      platform: platformOf.get(row.accountRef)!,
      campaignName: names.get(`${row.accountRef}:${row.campaignId}`) ?? null,
    }));
  }

  // How the platforms count conversions, and the workspace's own count beside them: the headline's.
  const attribution = need('headline') ? presentAttribution(accounts) : [];
  const firstParty = need('headline')
    ? await deps.firstParty.figuresOver({
        workspaceId,
        from: period.from,
        to: period.to,
        currency,
        accounts: accounts.map(({ id, currency: c, platform }) => ({ id, currency: c, platform })),
        platform: 'all',
      })
    : null;

  const budgetList = need('pacing') ? (await deps.budgets.list(principal)).budgets : [];
  const alerts = need('alerts')
    ? await queries.alertsOfPeriod(db, workspaceId, period.from, period.to, REPORT_LIMITS.listMax)
    : { rows: [], total: 0 };
  const actions = need('actions')
    ? await queries.actionsOfPeriod(db, workspaceId, period.from, period.to, REPORT_LIMITS.listMax)
    : { rows: [], total: 0 };

  return {
    inputs: {
      currency,
      periodDays: period.days,
      days,
      platforms,
      campaigns,
      ads,
      budgets: budgetList,
      attribution,
      firstParty,
      alerts: { rows: alerts.rows.map(presentAlertRow), total: alerts.total },
      actions: { rows: actions.rows.map(presentActionRow), total: actions.total },
    },
    unconverted: metrics.rates.missing,
  };
}
