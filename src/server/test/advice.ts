import type { RunningSandbox } from '@sandbox/sandbox';
import { RULE_PRESETS } from '@shared/api/rules';
import type { SuggestionChange } from '@shared/api/suggestions';
import { DAY_MS } from '@shared/days';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

import { actions, alertReads, alerts, budgets, optimizerPlans, ruleActions, rules, suggestions } from '../db/schema';
import type { SuggestionBody } from '../modules/suggestions/suggestions.compute';
import type { SyncedWorkspace } from './workspaceTenants';

/**
 * Advice planted in a synced workspace, for tests that need a suggestion and an undoable action
 * on real ads of its sandbox account whatever the analysis finds: an open "pause" of one live ad,
 * an open task (refresh a creative, done by hand), an applied pause of another ad (paused at
 * the sandbox, within its undo window) and an unread alert.
 */
export interface PlantedAdvice {
  suggestionId: string;
  taskId: string;
  actionId: string;
  /** A move of budget between two of the account's campaigns that the platform took only in part (the source lowered, the target not raised): Retry finishes it. */
  partialActionId: string;
  /** An unread alert about the campaign. */
  alertId: string;
  /** A rule (notify on CPA), and a change a rule queued for approval (pause the suggested ad). */
  ruleId: string;
  ruleActionId: string;
  /** A monthly budget of the whole workspace. */
  budgetId: string;
  /** An optimizer plan being followed on the account (its first step the planted action). */
  followedPlanId: string;
  /** The platform's ids of the ad the suggestion would pause and of the ad the action paused. */
  suggestedAd: string;
  pausedAd: string;
  /** Puts both back as planted (after an Apply, Undo, Dismiss or Snooze went through). */
  reset(): Promise<void>;
}

export async function plantAdvice(
  app: FastifyInstance,
  sandbox: RunningSandbox,
  space: SyncedWorkspace,
): Promise<PlantedAdvice> {
  const { db, clock } = app.ctx;
  const account = sandbox.world.accounts(space.platform).find((a) => a.id === space.platformAccountId)!;
  const campaign = account.campaigns.find((c) => c.id === space.platformCampaignId)!;
  const live = campaign.ads.filter((ad) => sandbox.world.adStatus(space.platform, ad.id) === 'ACTIVE');
  if (live.length < 2) throw new Error(`campaign ${campaign.id} has fewer than two live ads`);
  const [suggested, paused] = live;
  const pauseOf = (ad: { id: string; name: string }): SuggestionChange => ({
    kind: 'ad_status',
    ad_id: ad.id,
    ad_name: ad.name,
    campaign_id: campaign.id,
    campaign_name: campaign.name,
    from: 'ACTIVE',
    to: 'PAUSED',
  });
  const impact = { conversions_per_week: { mid: 2, low: 1, high: 3 }, spend_per_week: { mid: 0, low: 0, high: 0 } };
  const body: SuggestionBody = { evidence: [], chart: null, impact, change: pauseOf(suggested) };
  const now = clock.now();
  const [suggestion] = await db
    .insert(suggestions)
    .values({
      workspaceId: space.id,
      accountRef: space.accountUuid,
      platform: space.platform,
      type: 'pause_ad',
      key: `pause_ad:${suggested.id}`,
      headline: `Pause “${suggested.name}”`,
      confidence: 0.97,
      body,
      score: 2,
      computedAt: now,
    })
    .returning({ id: suggestions.id });
  const taskBody: SuggestionBody = {
    evidence: [],
    chart: null,
    impact,
    change: { kind: 'task', description: `Refresh the creative of “${suggested.name}”.`, campaign_id: campaign.id },
  };
  const [task] = await db
    .insert(suggestions)
    .values({
      workspaceId: space.id,
      accountRef: space.accountUuid,
      platform: space.platform,
      type: 'creative_fatigue',
      key: `creative_fatigue:${suggested.id}`,
      headline: `Refresh “${suggested.name}”`,
      confidence: 0.99,
      body: taskBody,
      score: 2,
      computedAt: now,
    })
    .returning({ id: suggestions.id });
  const actionValues = {
    workspaceId: space.id,
    accountRef: space.accountUuid,
    platform: space.platform,
    type: 'pause_ad',
    headline: `Pause “${paused.name}”`,
    change: pauseOf(paused),
    campaignId: campaign.id,
    forecast: impact.conversions_per_week,
    appliedAt: now,
    // Long enough for every test of the file to undo it.
    undoUntil: new Date(now.getTime() + DAY_MS),
    horizonDays: 7,
  };
  const [action] = await db.insert(actions).values(actionValues).returning({ id: actions.id });
  sandbox.world.setAdStatus(space.platform, paused.id, 'PAUSED');

  // The journal of a move the platform took only in part: the source is at its new budget, the target still at its old one.
  const [source, target] = account.campaigns.filter(
    (c) => c.id !== campaign.id && sandbox.world.dailyBudgetMinor(space.platform, c.id) > 200,
  );
  const sourceBudget = sandbox.world.dailyBudgetMinor(space.platform, source.id);
  const targetBudget = sandbox.world.dailyBudgetMinor(space.platform, target.id);
  const move: Extract<SuggestionChange, { kind: 'move_budget' }> = {
    kind: 'move_budget',
    currency: account.currency,
    amount: 100,
    source: { campaign_id: source.id, campaign_name: source.name, from: sourceBudget + 100, to: sourceBudget },
    target: { campaign_id: target.id, campaign_name: target.name, from: targetBudget, to: targetBudget + 100 },
  };
  const step = (side: 'source' | 'target', at: 'from' | 'to') => {
    const { campaign_id, campaign_name, from, to } = move[side];
    return {
      kind: 'campaign_budget',
      entity_id: campaign_id,
      entity_name: campaign_name,
      currency: account.currency,
      from,
      to,
      before: 'from',
      at,
    };
  };
  const partialValues = {
    ...actionValues,
    source: 'suggestion' as const,
    type: 'move_budget',
    headline: `Move budget from ${source.name} to ${target.name}`,
    change: move,
    campaignId: source.id,
    status: 'partially_applied' as const,
    steps: [step('source', 'to'), step('target', 'from')],
    problem: 'Taken in part.',
  };
  const [partial] = await db.insert(actions).values(partialValues).returning({ id: actions.id });
  const [alert] = await db
    .insert(alerts)
    .values({
      workspaceId: space.id,
      accountRef: space.accountUuid,
      platform: space.platform,
      key: `delivery_stopped:campaign:${campaign.id}:planted`,
      kind: 'delivery_stopped',
      severity: 'critical',
      level: 'campaign',
      entityId: campaign.id,
      entityName: campaign.name,
      day: '2026-01-01',
      headline: `${campaign.name} stopped delivering`,
      createdAt: now,
    })
    .returning({ id: alerts.id });

  const definition = { ...RULE_PRESETS[1].definition('UTC'), name: 'Planted rule' };
  const [rule] = await db
    .insert(rules)
    .values({ workspaceId: space.id, name: definition.name, definition, enabled: true, createdAt: now, updatedAt: now })
    .returning({ id: rules.id });
  const [ruleAction] = await db
    .insert(ruleActions)
    .values({
      workspaceId: space.id,
      ruleId: rule.id,
      ruleName: definition.name,
      accountRef: space.accountUuid,
      platform: space.platform,
      level: 'ad',
      entityId: suggested.id,
      entityName: suggested.name,
      kind: 'pause',
      change: pauseOf(suggested),
      reasons: ['Spend (last 7 days) high'],
      status: 'pending',
      createdAt: now,
    })
    .returning({ id: ruleActions.id });

  const budgetValues = {
    workspaceId: space.id,
    scope: 'workspace' as const,
    amountMinor: 5_000_000,
    currency: 'USD',
    createdAt: now,
    updatedAt: now,
  };
  const [budget] = await db.insert(budgets).values(budgetValues).returning({ id: budgets.id });
  const planValues = {
    workspaceId: space.id,
    accountRef: space.accountUuid,
    objective: 'conversions',
    maxStep: 0.3,
    locked: [],
    campaigns: [{ campaign_id: campaign.id, name: campaign.name, start: 1000, target: 1200, written: 1000 }],
    steps: [{ day: '2026-01-01', action_id: action.id, expected: { mid: 1, low: 0.5, high: 1.5 } }],
    status: 'following' as const,
    stopReason: null,
    createdAt: now,
    updatedAt: now,
  };
  const [plan] = await db.insert(optimizerPlans).values(planValues).returning({ id: optimizerPlans.id });

  return {
    suggestionId: suggestion.id,
    taskId: task.id,
    actionId: action.id,
    partialActionId: partial.id,
    alertId: alert.id,
    ruleId: rule.id,
    ruleActionId: ruleAction.id,
    budgetId: budget.id,
    followedPlanId: plan.id,
    suggestedAd: suggested.id,
    pausedAd: paused.id,
    async reset() {
      sandbox.world.setAdStatus(space.platform, suggested.id, 'ACTIVE');
      sandbox.world.setAdStatus(space.platform, paused.id, 'PAUSED');
      await db.delete(actions).where(inArray(actions.suggestionId, [suggestion.id, task.id]));
      await db
        .update(suggestions)
        .set({ status: 'open', snoozedUntil: null, dismissReason: null, dismissNote: null })
        .where(inArray(suggestions.id, [suggestion.id, task.id]));
      await db
        .update(actions)
        .set({ status: 'applied', undoneAt: null, undoneBy: null })
        .where(eq(actions.id, action.id));
      sandbox.world.setDailyBudget(space.platform, source.id, sourceBudget);
      sandbox.world.setDailyBudget(space.platform, target.id, targetBudget);
      await db.update(actions).set(partialValues).where(eq(actions.id, partial.id));
      await db.delete(alertReads).where(eq(alertReads.alertId, alert.id));
      await db.delete(actions).where(eq(actions.ruleId, rule.id));
      await db.update(budgets).set(budgetValues).where(eq(budgets.id, budget.id));
      await db.update(optimizerPlans).set(planValues).where(eq(optimizerPlans.id, plan.id));
      await db
        .update(rules)
        .set({ name: definition.name, definition, enabled: true, updatedAt: now })
        .where(eq(rules.id, rule.id));
      await db
        .update(ruleActions)
        .set({
          status: 'pending',
          error: null,
          actionId: null,
          decidedAt: null,
          decidedBy: null,
          createdAt: clock.now(),
        })
        .where(eq(ruleActions.id, ruleAction.id));
    },
  };
}
