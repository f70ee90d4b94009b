import { RULE_MESSAGES, type RuleActionKind } from '@shared/api/rules';
import type { SuggestionChange } from '@shared/api/suggestions';
import { type Platform, PLATFORM_LABELS } from '@shared/constants';
import { localDay } from '@shared/days';

import type { AlertFinding } from '../../analysis/accountAlerts';
import type { PlannedChange, RuleEntity } from '../../analysis/rules';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/connect';
import type { connectedAdAccounts } from '../../db/schema';
import { PlatformError } from '../../platforms/types';
import type { ActionsService } from '../actions/actions.service';
import type { JournalStep } from '../actions/actions.steps';
import type { AlertsService } from '../alerts/alerts.service';
import {
  accountsByIds,
  insertRuleAction,
  type RuleActionRow,
  settleRuleAction,
  updateRuleAction,
  workspaceRuleAction,
} from './rules.queries';

/**
 * How a rule's change reaches a platform and is recorded: the rule's action is saved with the
 * actions log's entry (before the platform call), settled when that action settles (live, or by
 * the reconciler after an interruption), and alerted either way. A change refused before the call
 * (the budget moved since the rule judged it, the platform could not be read) is recorded failed.
 */

type AccountRow = typeof connectedAdAccounts.$inferSelect;

/** The platform change an action plans, in the actions log's shape. */
export function changeOf(entity: RuleEntity, planned: PlannedChange): SuggestionChange | null {
  if (planned.kind === 'notify') return null;
  if (planned.kind === 'budget')
    return {
      kind: 'campaign_budget',
      campaign_id: entity.entityId,
      campaign_name: entity.entityName,
      currency: entity.currency,
      from: planned.from,
      to: planned.to,
    };
  if (entity.level === 'ad')
    return {
      kind: 'ad_status',
      ad_id: entity.entityId,
      ad_name: entity.entityName,
      campaign_id: entity.campaignId ?? '',
      campaign_name: entity.campaignName ?? '',
      from: planned.from,
      to: planned.to,
    };
  return {
    kind: 'campaign_status',
    campaign_id: entity.entityId,
    campaign_name: entity.entityName,
    from: planned.from,
    to: planned.to,
  };
}

export const NOUNS = { account: 'account', campaign: 'campaign', ad: 'ad' } as const;
const PAST: Record<RuleActionKind | 'revive', string> = {
  notify: 'matched',
  pause: 'paused',
  resume: 'resumed',
  budget_up: 'raised the daily budget of',
  budget_down: 'lowered the daily budget of',
  revive: 'resumed (late data revived it)',
};

/** An alert about what a rule did, delivered like the checks' alerts (bell, stream, mail, webhook). */
export function ruleFinding(
  kind: 'rule' | 'rule_failed',
  key: string,
  entity: Pick<RuleEntity, 'level' | 'entityId' | 'entityName'>,
  day: string,
  headline: string,
): AlertFinding {
  return {
    kind,
    key,
    severity: 'critical',
    metric: null,
    direction: null,
    level: entity.level,
    entityId: entity.entityId,
    entityName: entity.entityName,
    day,
    observed: null,
    expected: null,
    low: null,
    high: null,
    headline,
  };
}

export function createRuleChanges(
  ctx: Pick<AppContext, 'db' | 'clock' | 'log'>,
  actions: ActionsService,
  alerts: Pick<AlertsService, 'raise'>,
) {
  const { db, clock, log } = ctx;

  /** A rule's change that was never written (refused before the platform call), recorded and alerted. */
  async function notWritten(
    existing: { id: string } | { runId: string | null; reasons: string[] },
    rule: { id: string | null; name: string },
    account: AccountRow,
    entity: RuleEntity,
    kind: RuleActionKind | 'revive',
    change: SuggestionChange,
    detail: string,
    decidedBy: string | null,
  ): Promise<RuleActionRow> {
    const now = clock.now();
    const row = await saveRuleAction(
      existing,
      rule,
      account,
      entity,
      kind,
      change,
      'failed',
      detail,
      null,
      decidedBy,
      now,
    );
    await alerts.raise(account, [
      ruleFinding(
        'rule_failed',
        `rule-failed:${row.id}`,
        entity,
        localDay(now, account.timeZone),
        `Rule “${rule.name}” did not change ${NOUNS[entity.level]} “${entity.entityName}”: ${detail}`,
      ),
    ]);
    return row;
  }

  // The rule's own record of a change ends with the change's action, live or settled by the
  // reconciler after an interruption, and is alerted once it has.
  actions.onSettled('rule', async (tx, action, direction) => {
    if (direction !== 'apply') return;
    const label = PLATFORM_LABELS[action.platform as Platform];
    const refusal = (action.steps as JournalStep[]).find((step) => step.error)?.error ?? 'the change could not be sent';
    const error =
      action.status === 'applied'
        ? null
        : action.status === 'partially_applied'
          ? action.problem
          : RULE_MESSAGES.refused(label, refusal);
    const row = await settleRuleAction(
      tx,
      action.id,
      { status: action.status === 'applied' ? 'applied' : 'failed', error },
      clock.now(),
    );
    if (!row) return;
    const [account] = await accountsByIds(tx, [row.accountRef]);
    const noun = NOUNS[row.level as RuleEntity['level']];
    const day = localDay(clock.now(), account.timeZone);
    const entity = { level: row.level as RuleEntity['level'], entityId: row.entityId, entityName: row.entityName };
    const finding =
      row.status === 'applied'
        ? ruleFinding(
            'rule',
            `rule-action:${row.id}`,
            entity,
            day,
            `Rule “${row.ruleName}” ${PAST[row.kind as RuleActionKind | 'revive']} ${noun} “${row.entityName}”`,
          )
        : ruleFinding(
            'rule_failed',
            `rule-failed:${row.id}`,
            entity,
            day,
            `Rule “${row.ruleName}” could not change ${noun} “${row.entityName}”: ${error}`,
          );
    return async () => {
      await alerts.raise(account, [finding]);
    };
  });

  /**
   * Writes a rule's change through the actions log (the rule's action recorded with it, before
   * the platform call); how it ended is recorded and alerted when the action settles. A budget is
   * written only over the budget the rule judged (a person may have changed it since).
   */
  async function writeChange(
    rule: { id: string | null; name: string },
    account: AccountRow,
    entity: RuleEntity,
    change: SuggestionChange,
    kind: RuleActionKind | 'revive',
    existing: { id: string } | { runId: string | null; reasons: string[] },
    decidedBy: string | null,
    viaClient: string | null = null,
  ): Promise<RuleActionRow> {
    const label = PLATFORM_LABELS[account.platform as Platform];
    if (change.kind === 'campaign_budget') {
      let state;
      try {
        state = await actions.currentState(account, change);
      } catch (error) {
        if (!(error instanceof PlatformError)) throw error;
        log.warn(
          { ruleId: rule.id, platform: error.platform, kind: error.kind, code: error.code },
          'the platform could not be read before a rule’s change',
        );
        return notWritten(
          existing,
          rule,
          account,
          entity,
          kind,
          change,
          RULE_MESSAGES.refused(label, error.message),
          decidedBy,
        );
      }
      if (!state.matches)
        return notWritten(
          existing,
          rule,
          account,
          entity,
          kind,
          change,
          RULE_MESSAGES.budgetMoved(label, state.words),
          decidedBy,
        );
    }
    let ruleActionId: string | null = null;
    try {
      await actions.apply({
        account,
        change,
        entry: {
          source: 'rule',
          type: 'rule',
          headline: `Rule “${rule.name}” ${PAST[kind]} ${NOUNS[entity.level]} “${entity.entityName}”`,
          campaignId: entity.campaignId,
          // A rule makes no forecast: the outcome is measured against no change.
          forecast: { mid: 0, low: 0, high: 0 },
          appliedBy: decidedBy,
          viaClient,
          ruleId: rule.id,
          ruleName: rule.name,
        },
        claim: async (tx, actionId) => {
          ruleActionId = (
            await saveRuleAction(
              existing,
              rule,
              account,
              entity,
              kind,
              change,
              'applying',
              null,
              actionId,
              decidedBy,
              clock.now(),
              tx,
            )
          ).id;
          return true;
        },
      });
    } catch (error) {
      // Not the platform's refusal (that settles the action): the rule's action stays applying until the reconciler settles it.
      log.error(
        { ruleId: rule.id, error: error instanceof Error ? error.message : String(error) },
        'a rule’s change failed',
      );
      if (!ruleActionId) throw error;
    }
    return (await workspaceRuleAction(db, account.workspaceId, ruleActionId!))!;
  }

  async function saveRuleAction(
    existing: { id: string } | { runId: string | null; reasons: string[] },
    rule: { id: string | null; name: string },
    account: AccountRow,
    entity: RuleEntity,
    kind: RuleActionKind | 'revive',
    change: SuggestionChange | null,
    status: RuleActionRow['status'],
    error: string | null,
    actionId: string | null,
    decidedBy: string | null,
    now: Date,
    tx: Tx | typeof db = db,
  ): Promise<RuleActionRow> {
    if ('id' in existing)
      return updateRuleAction(tx, existing.id, { status, error, actionId, decidedAt: now, decidedBy });
    return insertRuleAction(tx, {
      workspaceId: account.workspaceId,
      ruleId: rule.id,
      ruleName: rule.name,
      runId: existing.runId,
      accountRef: account.id,
      platform: account.platform,
      level: entity.level,
      entityId: entity.entityId,
      entityName: entity.entityName,
      kind,
      change,
      reasons: existing.reasons,
      status,
      error,
      actionId,
      createdAt: now,
      decidedAt: status === 'pending' || status === 'applying' ? null : now,
      decidedBy,
    });
  }

  return { writeChange, saveRuleAction };
}
export type RuleChanges = ReturnType<typeof createRuleChanges>;
