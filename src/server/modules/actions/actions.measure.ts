import type { ActionOutcome } from '@shared/api/actions';
import { isSuggestionType, type SuggestionChange, type SuggestionType, type TypeRecord } from '@shared/api/suggestions';
import { addDays, DAY_MS, localDay } from '@shared/days';

import { estimateLagProfile, LAG_HORIZON_DAYS } from '../../analysis/lag';
import { chanceOfWorking, measureOutcome, OUTCOME_BASELINE_DAYS } from '../../analysis/outcome';
import { sumByDate } from '../../analysis/window';
import type { AppContext } from '../../context';
import { accountEntityDays, conversionObservationsOf } from '../metrics/series.queries';
import { type AccountRow, type ActionRow, dueForMeasure, measuredOutcomes, saveOutcome } from './actions.queries';

/** An action still without data to judge this long after its horizon is closed as 'no clear effect'. */
const OUTCOME_GIVE_UP_DAYS = 7;

/** The campaigns a change's outcome is measured on together (a move's or a plan's all). */
export function measuredCampaignsOf(change: SuggestionChange, campaignId: string | null): string[] {
  if (change.kind === 'move_budget') return [change.source.campaign_id, change.target.campaign_id];
  if (change.kind === 'budgets') return change.steps.map((step) => step.campaign_id);
  return campaignId ? [campaignId] : [];
}

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

/**
 * Did it work? Every applied action is measured once its horizon has passed, on the campaigns it
 * touched (analysis/outcome), and how often each suggestion type worked ranks the suggestions.
 */
export function createOutcomes(ctx: Pick<AppContext, 'db' | 'clock'>) {
  const { db, clock } = ctx;

  async function measure(action: ActionRow, account: AccountRow, now: Date): Promise<ActionOutcome | null> {
    const changeDay = localDay(action.appliedAt, account.timeZone);
    const today = localDay(now, account.timeZone);
    const scope = { workspaceId: account.workspaceId, accountRef: account.id };
    const [entities, observations] = await Promise.all([
      accountEntityDays(db, scope, { from: addDays(changeDay, -OUTCOME_BASELINE_DAYS), to: today }),
      conversionObservationsOf(db, scope, addDays(today, -(60 + LAG_HORIZON_DAYS))),
    ]);
    // The campaigns the change touched: a move is judged on both together (what one lost, the other should more than win).
    const touched = measuredCampaignsOf(action.change as SuggestionChange, action.campaignId);
    const days = sumByDate(
      entities.filter((e) => e.level === 'campaign' && touched.includes(e.entityId)).flatMap((e) => e.days),
    );
    const result = measureOutcome(
      days.filter((d) => d.date < changeDay),
      days.filter((d) => d.date >= changeDay),
      changeDay,
      today,
      estimateLagProfile(observations),
    );
    if (result) return { observed: result.observed, verdict: result.verdict, measured_at: now.toISOString() };
    const giveUpAt = action.appliedAt.getTime() + (action.horizonDays + OUTCOME_GIVE_UP_DAYS) * DAY_MS;
    if (now.getTime() < giveUpAt) return null;
    return { observed: { mid: 0, low: 0, high: 0 }, verdict: 'no_clear_effect', measured_at: now.toISOString() };
  }

  return {
    /** Measures every applied action whose horizon has passed (of one workspace, or all). */
    async evaluateDue(workspaceId?: string): Promise<number> {
      const now = clock.now();
      let measured = 0;
      for (const { action, account } of await dueForMeasure(db, now, workspaceId)) {
        const outcome = await measure(action, account, now);
        if (!outcome) continue;
        await saveOutcome(db, action.id, outcome, now);
        measured += 1;
      }
      return measured;
    },

    /** How often each suggestion type worked in the workspace (rules' and the optimizer's changes are measured too, but rank no suggestion type). */
    async typeRecords(workspaceId: string): Promise<TypeRecord[]> {
      const byType = new Map<SuggestionType, { measured: number; worked: number }>();
      for (const row of (await measuredOutcomes(db, workspaceId)).filter((r) => isSuggestionType(r.type))) {
        const record = byType.get(row.type as SuggestionType) ?? { measured: 0, worked: 0 };
        record.measured += 1;
        if (row.outcome.verdict === 'worked') record.worked += 1;
        byType.set(row.type as SuggestionType, record);
      }
      return [...byType.entries()].map(([type, record]) => ({
        type,
        ...record,
        chance: chanceOfWorking(record.worked, record.measured),
      }));
    },
  };
}
