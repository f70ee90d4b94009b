import { and, eq } from 'drizzle-orm';
import { ACTION_HORIZON_DAYS, UNDO_WINDOW_MINUTES, type BudgetMove, type SuggestionChange } from '@shared/api/suggestions';
import type { Platform } from '@shared/constants';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/connect';
import { actions, ads, campaigns, connectedAdAccounts } from '../../db/schema';
import { PlatformError, type PlatformAccount, type PlatformClient } from '../../platforms/types';
import type { Connections } from '../adAccounts/connections';
import { platformFailure } from '../adAccounts/platformFailure';

/**
 * Changes written to a platform on the workspace's behalf, by an applied suggestion or an
 * automated rule: the write (or its reverse, for Undo) through the platform client, and the
 * state it leaves recorded in Adwise's own copy of campaigns and ads.
 */

type AccountRow = typeof connectedAdAccounts.$inferSelect;

/** What an entry of the actions log says beyond its account, change and time: who or what applied it and what it expected. */
export type AppliedEntry = Pick<typeof actions.$inferInsert, 'type' | 'headline' | 'campaignId' | 'forecast' | 'appliedBy' | 'suggestionId' | 'ruleId' | 'ruleName'>;

export const platformAccountOf = (account: AccountRow): PlatformAccount => ({ id: account.accountId, name: account.name, currency: account.currency, timeZone: account.timeZone });

export type BudgetChange = Extract<SuggestionChange, { kind: 'campaign_budget' | 'move_budget' | 'budgets' }>;

/** What a platform's not-found is about. */
export const subjectOf = (change: SuggestionChange) => (change.kind === 'ad_status' ? 'this ad' : 'this campaign');

/** The campaign whose outcome measures a change (a move: its source; both are measured together). */
export function measuredCampaignOf(change: SuggestionChange): string | null {
  switch (change.kind) {
    case 'ad_status':
    case 'campaign_status':
    case 'campaign_budget':
      return change.campaign_id;
    case 'move_budget':
      return change.source.campaign_id;
    case 'budgets':
      return change.steps[0]?.campaign_id ?? null;
    case 'task':
      return change.campaign_id ?? null;
  }
}

/** The campaigns a budget change writes, in the order Apply writes them: the lowered ones first (a move's source, a plan's cuts). */
export function budgetSteps(change: BudgetChange): BudgetMove[] {
  if (change.kind === 'move_budget') return [change.source, change.target];
  if (change.kind === 'budgets') return [...change.steps].sort((a, b) => a.to - a.from - (b.to - b.from));
  return [{ campaign_id: change.campaign_id, campaign_name: change.campaign_name, from: change.from, to: change.to }];
}

/** The campaigns a change's outcome is measured on together (a move's or a plan's all). */
export function measuredCampaignsOf(change: SuggestionChange, campaignId: string | null): string[] {
  if (change.kind === 'move_budget') return [change.source.campaign_id, change.target.campaign_id];
  if (change.kind === 'budgets') return change.steps.map((step) => step.campaign_id);
  return campaignId ? [campaignId] : [];
}

/** Thrown for a task: nothing of it is written to a platform. */
export class NotWritableError extends Error {
  constructor() {
    super('A task is done by hand; nothing is written to the platform.');
    this.name = 'NotWritableError';
  }
}

export function createPlatformChanges(ctx: Pick<AppContext, 'log'>, connections: Connections) {
  const { log } = ctx;

  /** What Adwise keeps of the entity, set to the state a write left at the platform. */
  async function recordState(tx: Tx, account: AccountRow, change: SuggestionChange, direction: 'apply' | 'undo', now: Date): Promise<void> {
    if (change.kind === 'ad_status') {
      await tx
        .update(ads)
        .set({ status: direction === 'apply' ? change.to : change.from, updatedAt: now })
        .where(and(eq(ads.accountRef, account.id), eq(ads.adId, change.ad_id)));
    } else if (change.kind === 'campaign_status') {
      await tx
        .update(campaigns)
        .set({ status: direction === 'apply' ? change.to : change.from, updatedAt: now })
        .where(and(eq(campaigns.accountRef, account.id), eq(campaigns.campaignId, change.campaign_id)));
    } else if (change.kind === 'campaign_budget' || change.kind === 'move_budget' || change.kind === 'budgets') {
      for (const step of budgetSteps(change)) {
        await tx
          .update(campaigns)
          .set({ dailyBudgetMinor: direction === 'apply' ? step.to : step.from, updatedAt: now })
          .where(and(eq(campaigns.accountRef, account.id), eq(campaigns.campaignId, step.campaign_id)));
      }
    }
  }

  /**
   * A change the platform accepted, in the caller's transaction: the state it left recorded, and
   * its entry in the actions log (undoable for UNDO_WINDOW_MINUTES, measured after
   * ACTION_HORIZON_DAYS). Suggestions, rules and the optimizer all log through here.
   */
  async function recordApplied(tx: Tx, account: AccountRow, change: SuggestionChange, entry: AppliedEntry, now: Date): Promise<string> {
    await recordState(tx, account, change, 'apply', now);
    const [row] = await tx
      .insert(actions)
      .values({
        ...entry,
        workspaceId: account.workspaceId,
        accountRef: account.id,
        platform: account.platform,
        change,
        appliedAt: now,
        undoUntil: new Date(now.getTime() + UNDO_WINDOW_MINUTES * 60_000),
        horizonDays: ACTION_HORIZON_DAYS,
      })
      .returning({ id: actions.id });
    return row.id;
  }

  /** The platform write of a change (or of its reverse), throwing the PlatformError as the platform gave it. */
  async function writeRaw(account: AccountRow, change: SuggestionChange, direction: 'apply' | 'undo', context: Record<string, string>): Promise<void> {
    if (change.kind === 'task') throw new NotWritableError();
    const target = platformAccountOf(account);
    const use = (call: (client: PlatformClient) => Promise<void>) => connections.use(account.connectionId, account.platform as Platform, call);
    if (change.kind === 'ad_status') {
      await use((client) => client.setAdStatus(target, change.ad_id, direction === 'apply' ? change.to : change.from));
      return;
    }
    if (change.kind === 'campaign_status') {
      await use((client) => client.setCampaignStatus(target, change.campaign_id, direction === 'apply' ? change.to : change.from));
      return;
    }
    // Budgets one campaign at a time (a move lowers the source before it raises the target;
    // its undo the other way round). A refusal half-way sets back what was already written,
    // so the platform is left as it was.
    const steps = direction === 'apply' ? budgetSteps(change) : budgetSteps(change).reverse().map((step) => ({ ...step, from: step.to, to: step.from }));
    const written: typeof steps = [];
    for (const step of steps) {
      try {
        await use((client) => client.setCampaignDailyBudget(target, step.campaign_id, step.to));
        written.push(step);
      } catch (error) {
        for (const done of written.reverse()) {
          await use((client) => client.setCampaignDailyBudget(target, done.campaign_id, done.from)).catch((undoError: unknown) =>
            log.error({ ...context, direction, campaignId: done.campaign_id, error: undoError instanceof Error ? undoError.message : String(undoError) }, 'a budget written before a refusal could not be set back'),
          );
        }
        throw error;
      }
    }
  }

  /** writeRaw, with a refusal logged and answered as the API's error in the platform's words. */
  async function write(account: AccountRow, change: SuggestionChange, direction: 'apply' | 'undo', context: Record<string, string>): Promise<void> {
    try {
      await writeRaw(account, change, direction, context);
    } catch (error) {
      if (error instanceof PlatformError) {
        log.warn({ ...context, direction, platform: error.platform, kind: error.kind, code: error.code }, 'the platform refused a change');
        throw platformFailure(error, subjectOf(change));
      }
      throw error;
    }
  }

  return { recordState, recordApplied, write, writeRaw };
}
export type PlatformChanges = ReturnType<typeof createPlatformChanges>;
