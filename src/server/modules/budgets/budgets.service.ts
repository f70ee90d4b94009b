import {
  type Budget,
  BUDGET_MESSAGES,
  type BudgetList,
  type BudgetScope,
  type CampaignCap,
  type PacingView,
} from '@shared/api/budgets';
import { DISPLAY_CURRENCIES, type DisplayCurrency } from '@shared/api/dashboard';
import { ErrorCode } from '@shared/api/errors';
import { type Platform, PLATFORM_LABELS } from '@shared/constants';
import { addDays, localDay } from '@shared/days';
import { decimalToMinor, minorDigits } from '@shared/money';
import type { BudgetFormInput } from '@shared/validation/budgets';
import { isUuid } from '@shared/validation/uuid';

import { pace, type Pacing } from '../../analysis/pacing';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/connect';
import type { connectedAdAccounts } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../lib/httpError';
import { assertDashboardAccess } from '../access/entitlements';
import type { Principal } from '../access/principal';
import type { AlertsService } from '../alerts/alerts.service';
import { dailyTotals, entityTotals } from '../metrics/metrics.queries';
import {
  type BudgetRow,
  campaignIdsOf,
  deleteBudget,
  insertBudget,
  updateBudget,
  workspaceAccounts,
  workspaceBudget,
  workspaceBudgets,
} from './budgets.queries';
import { pacingFinding } from './pacingAlerts';
import { createPacingSuggestions } from './pacingSuggestions';

/** Stable id of the job that checks a workspace's budgets for pacing off the band (queued by every successful sync). */
export const PACING_JOB = 'budgets.pacing';

type AccountRow = typeof connectedAdAccounts.$inferSelect;

/** Days of history the pacing reads before the month: its weekday shape wants four weeks. */
const SHAPE_DAYS = 28;
/** Days behind each running campaign's share of its budget spent. */
const LEVEL_DAYS = 7;
/** A campaign's share of its budget spent, kept in a sane range (a budget raised today spent little of it so far). */
const UTILISATION = { low: 0.3, high: 1.25 };

const pct = (x: number) => `${Math.round(Math.abs(x) * 100)}%`;

/** The pacing in one sentence, naming the change when it is off the band. */
function adviceOf(p: Pacing): string {
  const off = p.ratio - 1;
  if (p.status === 'on_track') return `On track: projected to end within ${pct(p.tolerance)} of the target.`;
  if (!Number.isFinite(p.change))
    return `Projected to end ${pct(off)} ${off < 0 ? 'under' : 'over'} target, and nothing is running now.`;
  return `Projected to end ${pct(off)} ${off < 0 ? 'under' : 'over'} target: ${p.change > 0 ? 'raise' : 'lower'} daily budgets by about ${pct(p.change)}.`;
}

/**
 * Monthly budgets of a workspace (the whole workspace, one platform or one account) in a display
 * currency, each with its pacing this month from the metrics seam: the scope's daily spend
 * (converted), and the level its running campaigns are set to now (each campaign's budget times
 * the share of it the campaign spent over the last week; paused campaigns count nothing).
 */
export function createBudgetsService(
  ctx: Pick<AppContext, 'db' | 'clock' | 'log' | 'queue'>,
  alerts: Pick<AlertsService, 'raise' | 'raiseUnattached'>,
) {
  const { db, clock, log, queue } = ctx;
  const pacingSuggestions = createPacingSuggestions(db);

  async function accountsOf(workspaceId: string): Promise<AccountRow[]> {
    return workspaceAccounts(db, workspaceId);
  }

  const inScope = (row: Pick<BudgetRow, 'scope' | 'platform' | 'accountRef'>, account: AccountRow) =>
    row.scope === 'workspace' ||
    (row.scope === 'platform' && account.platform === row.platform) ||
    (row.scope === 'account' && account.id === row.accountRef);

  function labelOf(row: Pick<BudgetRow, 'scope' | 'platform' | 'accountRef'>, accounts: AccountRow[]): string {
    if (row.scope === 'platform') return PLATFORM_LABELS[row.platform as Platform];
    if (row.scope === 'account') return accounts.find((a) => a.id === row.accountRef)?.name ?? 'A disconnected account';
    return 'The whole workspace';
  }

  async function pacingOf(row: BudgetRow, workspaceAccounts: AccountRow[]): Promise<PacingView> {
    const now = clock.now();
    const scoped = workspaceAccounts.filter((account) => inScope(row, account));
    const today = localDay(now, scoped[0]?.timeZone ?? 'UTC');
    const month = today.slice(0, 7);
    // An account budget may be in the account's own currency, which the seam passes through
    // unconverted even when it is not a display currency (rates.ts: same-currency money).
    const currency = row.currency as DisplayCurrency;
    const scale = 10 ** minorDigits(currency);
    const refs = scoped.map((a) => ({ id: a.id, currency: a.currency }));
    const scope = { workspaceId: row.workspaceId, accounts: refs, currency };
    const monthStart = `${month}-01`;
    const shapeStart = addDays(today, -SHAPE_DAYS);
    const from = monthStart < shapeStart ? monthStart : shapeStart;
    const [daily, recent] = await Promise.all([
      dailyTotals(db, { ...scope, window: { from, to: today } }),
      entityTotals(
        db,
        { ...scope, window: { from: addDays(today, -LEVEL_DAYS), to: addDays(today, -1) } },
        { level: 'campaign', sort: 'spend', order: 'desc' },
      ),
    ]);
    const levelNow = recent.rows
      .filter((c) => c.status === 'ACTIVE' && c.dailyBudget !== null && c.dailyBudget > 0)
      .reduce((sum, c) => {
        const share = c.sums.spend / (LEVEL_DAYS * c.dailyBudget!);
        return sum + c.dailyBudget! * Math.min(UTILISATION.high, Math.max(share > 0 ? UTILISATION.low : 0, share));
      }, 0);
    const target = row.amountMinor / scale;
    const p = pace({
      month,
      today,
      target,
      days: daily.map((d) => ({ date: d.day, spend: d.spend })),
      levelNow: refs.length ? levelNow : 0,
      band: { start: row.bandStart, end: row.bandEnd },
    });
    return {
      month,
      today,
      target,
      spent: p.spent,
      projected: p.projected,
      ratio: p.ratio,
      tolerance: p.tolerance,
      status: p.status,
      daily_now: p.dailyNow,
      daily_needed: p.dailyNeeded,
      change: Number.isFinite(p.change) ? p.change : 0,
      advice: adviceOf(p),
      points: p.points.map((point) => ({
        date: point.date,
        actual: point.actual,
        ideal: point.ideal,
        forecast: point.forecast,
      })),
    };
  }

  async function present(row: BudgetRow, accounts: AccountRow[]): Promise<Budget> {
    return {
      id: row.id,
      scope: row.scope as BudgetScope,
      platform: (row.platform as Platform | null) ?? null,
      account: row.accountRef,
      amount: row.amountMinor / 10 ** minorDigits(row.currency),
      currency: row.currency,
      campaign_caps: capsInMajor(row, accounts),
      band: { start: row.bandStart, end: row.bandEnd },
      label: labelOf(row, accounts),
      created_at: row.createdAt.toISOString(),
      pacing: await pacingOf(row, accounts),
    };
  }

  async function budgetOf(workspaceId: string, id: string): Promise<BudgetRow> {
    if (!isUuid(id)) throw notFound(BUDGET_MESSAGES.notFound);
    const row = await workspaceBudget(db, workspaceId, id);
    if (!row) throw notFound(BUDGET_MESSAGES.notFound);
    return row;
  }

  /** An account budget's caps in major units of the account's currency, as the API shows them. */
  function capsInMajor(row: BudgetRow, accounts: AccountRow[]): CampaignCap[] {
    const currency = accounts.find((a) => a.id === row.accountRef)?.currency ?? row.currency;
    const major = (minor: number | null) => (minor === null ? null : minor / 10 ** minorDigits(currency));
    return row.campaignCaps.map((cap) => ({ campaign_id: cap.campaign_id, min: major(cap.min), max: major(cap.max) }));
  }

  /** Caps for the row (minor units of the account's currency): each campaign must be one of the account's. */
  async function capsOf(input: BudgetFormInput, account: AccountRow | undefined): Promise<BudgetRow['campaignCaps']> {
    const caps = input.campaign_caps ?? [];
    if (!account || !caps.length) return [];
    const known = await campaignIdsOf(db, account.id);
    const unknown = caps.find((cap) => !known.has(cap.campaign_id));
    if (unknown) throw badRequest(BUDGET_MESSAGES.capNotInAccount(unknown.campaign_id), 'campaign_caps');
    const minor = (major: number | null) => (major === null ? null : decimalToMinor(major, account.currency));
    return caps.map((cap) => ({ campaign_id: cap.campaign_id, min: minor(cap.min), max: minor(cap.max) }));
  }

  /** The row's fields from validated input: the account must be the workspace's, its currency usable, and no other budget may cover the same. */
  async function fieldsOf(principal: Principal, input: BudgetFormInput, accounts: AccountRow[], except?: string) {
    const account = input.scope === 'account' ? accounts.find((a) => a.id === input.account) : undefined;
    if (input.scope === 'account' && !account) throw badRequest(BUDGET_MESSAGES.accountNotFound, 'account');
    // A display currency always converts; any other only as the account's own (its money is never converted).
    if (!(DISPLAY_CURRENCIES as readonly string[]).includes(input.currency) && input.currency !== account?.currency) {
      throw badRequest(BUDGET_MESSAGES.currencyNotUsable(input.currency), 'currency');
    }
    const fields = {
      scope: input.scope as BudgetScope,
      platform: input.scope === 'platform' ? (input.platform ?? null) : null,
      accountRef: input.scope === 'account' ? (input.account ?? null) : null,
      amountMinor: decimalToMinor(input.amount, input.currency),
      currency: input.currency,
      campaignCaps: await capsOf(input, account),
      bandStart: input.band.start,
      bandEnd: input.band.end,
    };
    const existing = await workspaceBudgets(db, principal.workspaceId);
    if (
      existing.some(
        (b) =>
          b.id !== except &&
          b.scope === fields.scope &&
          b.platform === fields.platform &&
          b.accountRef === fields.accountRef,
      )
    ) {
      throw new HttpError(409, BUDGET_MESSAGES.duplicate, ErrorCode.Conflict);
    }
    return fields;
  }

  /**
   * For each budget of the workspace pacing off its band: an alert (once per budget, direction and
   * week of the month; about its account for an account's budget, about no single account for a
   * platform's or the whole workspace's), and a suggestion on each account it covers with the
   * daily budget change that lands it. Advice of budgets back on track is withdrawn.
   */
  async function checkPacing(workspaceId: string): Promise<{ alerts: number; suggestions: number }> {
    const now = clock.now();
    const [rows, accounts] = await Promise.all([workspaceBudgets(db, workspaceId), accountsOf(workspaceId)]);
    const counts = { alerts: 0, suggestions: 0 };
    const offBand: string[] = [];
    const seriesOf = pacingSuggestions.seriesLoader(now);
    for (const row of rows) {
      const scoped = accounts.filter((account) => inScope(row, account));
      if (!scoped.length) continue;
      const budget = { id: row.id, label: labelOf(row, accounts), currency: row.currency };
      const pacing = await pacingOf(row, accounts);
      const finding = pacingFinding(budget, pacing);
      if (!finding) continue;
      offBand.push(row.id);
      const account = row.scope === 'account' ? scoped[0] : undefined;
      counts.alerts += account
        ? await alerts.raise(account, [finding])
        : await alerts.raiseUnattached(workspaceId, [finding]);
      // Nothing running to scale: an alert alone.
      if (pacing.change !== 0)
        counts.suggestions += await pacingSuggestions.offer(budget, pacing, scoped, now, seriesOf);
    }
    await pacingSuggestions.withdrawExcept(workspaceId, offBand, now);
    return counts;
  }

  return {
    pacingOf,
    checkPacing,

    /** Queues the workspace's pacing check inside the sync's final transaction. */
    async afterSync(tx: Tx, synced: { workspaceId: string }): Promise<void> {
      await queue.send(PACING_JOB, { workspaceId: synced.workspaceId }, { tx });
    },

    /** GET budgets/. */
    async list(principal: Principal): Promise<BudgetList> {
      await assertDashboardAccess(db, principal.workspaceId, clock.now());
      const [rows, accounts] = await Promise.all([
        workspaceBudgets(db, principal.workspaceId),
        accountsOf(principal.workspaceId),
      ]);
      return { budgets: await Promise.all(rows.map((row) => present(row, accounts))) };
    },

    /** POST budgets/. */
    async create(principal: Principal, input: BudgetFormInput): Promise<Budget> {
      const now = clock.now();
      await assertDashboardAccess(db, principal.workspaceId, now);
      const accounts = await accountsOf(principal.workspaceId);
      const fields = await fieldsOf(principal, input, accounts);
      const row = await insertBudget(db, {
        workspaceId: principal.workspaceId,
        ...fields,
        createdBy: principal.userId,
        createdAt: now,
        updatedAt: now,
      });
      log.info({ budgetId: row.id, scope: row.scope }, 'budget created');
      return present(row, accounts);
    },

    /** PUT budgets/<id>/. */
    async update(principal: Principal, id: string, input: BudgetFormInput): Promise<Budget> {
      const now = clock.now();
      await assertDashboardAccess(db, principal.workspaceId, now);
      const existing = await budgetOf(principal.workspaceId, id);
      const accounts = await accountsOf(principal.workspaceId);
      const fields = await fieldsOf(principal, input, accounts, existing.id);
      const row = await updateBudget(db, existing.id, { ...fields, updatedAt: now });
      return present(row, accounts);
    },

    /** DELETE budgets/<id>/. */
    async remove(principal: Principal, id: string): Promise<void> {
      await assertDashboardAccess(db, principal.workspaceId, clock.now());
      const existing = await budgetOf(principal.workspaceId, id);
      await deleteBudget(db, existing.id);
    },
  };
}
export type BudgetsService = ReturnType<typeof createBudgetsService>;
