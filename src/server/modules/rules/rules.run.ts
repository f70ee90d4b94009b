import type { RuleDefinition, RuleRunSummary } from '@shared/api/rules';
import { RULE_ACTION_LABELS } from '@shared/api/rules';
import { DAY_MS, localDay } from '@shared/days';

import { LAG_HORIZON_DAYS } from '../../analysis/lag';
import {
  type EntityTotals,
  entityTotals,
  inScope,
  judgeCondition,
  judgeEntity,
  planChange,
  type RuleEntity,
} from '../../analysis/rules';
import { dateOf, dayNumber } from '../../analysis/window';
import type { AppContext } from '../../context';
import { workspaceEntitlements } from '../access/entitlements';
import type { AlertsService } from '../alerts/alerts.service';
import { changeOf, NOUNS, type RuleChanges, ruleFinding } from './rules.changes';
import { loadWorkspaceEntities, type WorkspaceEntities } from './rules.entities';
import {
  appliedPausesSince,
  claimRuleRun,
  coolingEntities,
  enabledRules,
  expirePending,
  finishRuleRun,
  latestSyncOf,
  revivalsSince,
  type RuleRow,
} from './rules.queries';

/**
 * A run of a workspace's rules: each rule claimed for the data version first (two syncs finishing
 * together evaluate it once), its entities judged, guarded by cooldown and cap, acted on (a
 * notice, an approval to ask for, or a change written), and what it paused revived when late
 * data undo the reason.
 */

/** A change waiting for approval longer than this was judged on data too old to act on. */
export const APPROVAL_EXPIRY_HOURS = 24;

/** What one run of a rule counted (the run summary's figures). */
type RunCounts = Pick<RuleRunSummary, 'judged' | 'matched' | 'acted' | 'failed' | 'revived' | 'skipped'>;

export function createRuleRunner(
  ctx: Pick<AppContext, 'db' | 'clock' | 'log'>,
  changes: RuleChanges,
  alerts: Pick<AlertsService, 'raise'>,
) {
  const { db, clock, log } = ctx;
  const { writeChange, saveRuleAction } = changes;

  /** Pending approvals older than APPROVAL_EXPIRY_HOURS are closed as expired. */
  async function expireApprovals(workspaceId: string): Promise<void> {
    await expirePending(
      db,
      workspaceId,
      new Date(clock.now().getTime() - APPROVAL_EXPIRY_HOURS * 3_600_000),
      clock.now(),
    );
  }

  /** One rule over the workspace's entities: judge, guard, cooldown, cap, act; then revive. */
  async function runRule(
    row: RuleRow,
    runId: string,
    loaded: WorkspaceEntities,
    totals: Map<string, EntityTotals>,
  ): Promise<RunCounts> {
    const definition = row.definition as RuleDefinition;
    const rule = { id: row.id, name: row.name };
    const now = clock.now();
    const counts: RunCounts = { judged: 0, matched: 0, acted: 0, failed: 0, revived: 0, skipped: 0 };
    const cooling = await coolingEntities(db, row.id, new Date(now.getTime() - definition.cooldown_hours * 3_600_000));
    const matches: { entity: RuleEntity; reasons: string[]; weight: number }[] = [];
    for (const entity of loaded.entities) {
      if (!inScope(definition, entity)) continue;
      counts.judged += 1;
      const judgement = judgeEntity(
        definition,
        entity,
        totals.get(entity.key)!,
        loaded.todayOf.get(entity.accountRef)!,
      );
      if (!judgement.enough) {
        counts.skipped += 1;
        continue;
      }
      if (judgement.matched) matches.push({ entity, reasons: judgement.reasons, weight: judgement.weight });
    }
    // When the cap bites, the entities with the most money at stake go first.
    matches.sort((a, b) => b.weight - a.weight || a.entity.key.localeCompare(b.entity.key));
    for (const { entity, reasons } of matches) {
      counts.matched += 1;
      if (cooling.has(`${entity.accountRef}:${entity.entityId}`)) {
        counts.skipped += 1;
        continue;
      }
      const planned = planChange(definition, entity);
      if (!planned) continue;
      if (counts.acted >= definition.max_actions_per_run) {
        counts.skipped += 1;
        continue;
      }
      counts.acted += 1;
      const account = loaded.accounts.get(entity.accountRef)!;
      const change = changeOf(entity, planned);
      const day = localDay(now, account.timeZone);
      const noun = NOUNS[entity.level];
      if (!change) {
        const saved = await saveRuleAction(
          { runId, reasons },
          rule,
          account,
          entity,
          'notify',
          null,
          'notified',
          null,
          null,
          null,
          now,
        );
        await alerts.raise(account, [
          ruleFinding(
            'rule',
            `rule-action:${saved.id}`,
            entity,
            day,
            `Rule “${row.name}” matched ${noun} “${entity.entityName}”: ${reasons.join('; ')}`,
          ),
        ]);
      } else if (definition.approval) {
        const saved = await saveRuleAction(
          { runId, reasons },
          rule,
          account,
          entity,
          definition.action.kind,
          change,
          'pending',
          null,
          null,
          null,
          now,
        );
        await alerts.raise(account, [
          ruleFinding(
            'rule',
            `rule-action:${saved.id}`,
            entity,
            day,
            `Rule “${row.name}” asks to ${RULE_ACTION_LABELS[definition.action.kind].toLowerCase()} ${noun} “${entity.entityName}”: approve or reject it under Rules`,
          ),
        ]);
      } else {
        const saved = await writeChange(
          rule,
          account,
          entity,
          change,
          definition.action.kind,
          { runId, reasons },
          null,
        );
        if (saved.status === 'failed') counts.failed += 1;
      }
    }
    if (definition.revive && definition.action.kind === 'pause')
      counts.revived = await revive(row, definition, runId, loaded, totals);
    return counts;
  }

  /**
   * Resumes what this rule paused in the last LAG_HORIZON_DAYS when the same conditions, judged
   * again on the day it paused with the late conversions that have arrived since, no longer hold.
   */
  async function revive(
    row: RuleRow,
    definition: RuleDefinition,
    runId: string,
    loaded: WorkspaceEntities,
    totals: Map<string, EntityTotals>,
  ): Promise<number> {
    const since = new Date(clock.now().getTime() - LAG_HORIZON_DAYS * DAY_MS);
    const paused = await appliedPausesSince(db, row.id, since);
    if (!paused.length) return 0;
    // The rule's revivals since then, read once: a pause already revived is not revived twice.
    const revivals = await revivalsSince(db, row.id, since);
    let revived = 0;
    for (const action of paused) {
      if (revivals.some((r) => r.entityId === action.entityId && r.createdAt > action.createdAt)) continue;
      const entity = loaded.entities.find(
        (e) => e.accountRef === action.accountRef && e.entityId === action.entityId && e.level === action.level,
      );
      // Someone resumed it already (or it is gone): nothing to revive.
      if (!entity || entity.status !== 'PAUSED') continue;
      const account = loaded.accounts.get(entity.accountRef)!;
      const asOf = dayNumber(localDay(action.createdAt, account.timeZone));
      const judgement = judgeEntity(definition, entity, totals.get(entity.key)!, asOf);
      if (judgement.matched) continue;
      const reasons = definition.groups
        .flatMap((group) =>
          group.conditions.map((condition) => judgeCondition(condition, entity, totals.get(entity.key)!, asOf)),
        )
        .map((r) => `${r.holds ? 'Still' : 'No longer'}: ${r.words} (judged again for ${dateOf(asOf)})`);
      const change = changeOf(entity, { kind: 'status', from: 'PAUSED', to: 'ACTIVE' })!;
      const saved = await writeChange(
        { id: row.id, name: row.name },
        account,
        entity,
        change,
        'revive',
        { runId, reasons },
        null,
      );
      if (saved.status === 'applied') revived += 1;
    }
    return revived;
  }

  /** The data a sync-triggered run judges: the latest sync of the workspace's connections. */
  async function syncVersion(workspaceId: string): Promise<string> {
    const at = await latestSyncOf(db, workspaceId);
    return `sync:${at ? at.toISOString() : 'never'}`;
  }

  /**
   * Runs a workspace's rules for one trigger; each rule is claimed for the data version first,
   * so a second run on the same data (two syncs finishing together, a retried job) skips it.
   */
  async function runWorkspace(
    workspaceId: string,
    trigger: 'sync' | 'schedule',
    version?: string,
    ruleIds?: string[],
  ): Promise<number> {
    const now = clock.now();
    if (!(await workspaceEntitlements(db, workspaceId, now)).dashboard) return 0;
    await expireApprovals(workspaceId);
    const candidates = await enabledRules(db, workspaceId, ruleIds);
    const due = candidates.filter(
      (row) => (row.definition as RuleDefinition).schedule.kind === (trigger === 'sync' ? 'after_sync' : 'times'),
    );
    if (!due.length) return 0;
    const dataVersion = version ?? (await syncVersion(workspaceId));
    let loaded: WorkspaceEntities | null = null;
    let totals: Map<string, EntityTotals> | null = null;
    let ran = 0;
    for (const row of due) {
      const run = await claimRuleRun(db, { ruleId: row.id, workspaceId, dataVersion, trigger, startedAt: clock.now() });
      if (!run) continue;
      loaded ??= await loadWorkspaceEntities(db, workspaceId, now);
      totals ??= new Map(loaded.entities.map((entity) => [entity.key, entityTotals(entity.days)]));
      const counts = await runRule(row, run.id, loaded, totals);
      await finishRuleRun(db, run.id, counts, clock.now());
      log.info({ ruleId: row.id, ...counts }, 'rule run');
      ran += 1;
      // What the rule changed is what the next rule sees.
      if (counts.acted || counts.revived) {
        loaded = null;
        totals = null;
      }
    }
    return ran;
  }

  return { runWorkspace, expireApprovals };
}
export type RuleRunner = ReturnType<typeof createRuleRunner>;
