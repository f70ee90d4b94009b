import { ErrorCode } from '@shared/api/errors';
import { MAX_RULES_PER_WORKSPACE, RULE_ACTION_LABELS, RULE_MESSAGES, type DryRun, type Rule, type RuleActionItem, type RuleActionKind, type RuleDefinition, type RuleDetail, type RuleList, type RuleRunSummary } from '@shared/api/rules';
import type { SuggestionChange } from '@shared/api/suggestions';
import { PLATFORM_LABELS, type Platform } from '@shared/constants';
import type { RuleInput } from '@shared/validation/rules';
import type { AlertFinding } from '../../analysis/accountAlerts';
import { LAG_HORIZON_DAYS } from '../../analysis/lag';
import { backtestRule } from '../../analysis/ruleBacktest';
import { entityTotals, inScope, judgeCondition, judgeEntity, planChange, type EntityTotals, type PlannedChange, type RuleEntity } from '../../analysis/rules';
import { dateOf, dayNumber } from '../../analysis/window';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/connect';
import type { connectedAdAccounts } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../lib/httpError';
import { PlatformError } from '../../platforms/types';
import { assertDashboardAccess, workspaceEntitlements } from '../access/entitlements';
import type { Principal } from '../access/principal';
import type { ActionsService } from '../actions/actions.service';
import type { JournalStep } from '../actions/actions.steps';
import type { AlertsService } from '../alerts/alerts.service';
import { isUuid } from '@shared/validation/dashboard';
import { loadWorkspaceEntities, type WorkspaceEntities } from './rules.entities';
import { presentDryRun, presentRule, presentRuleAction, presentRun } from './rules.presenter';
import {
  accountsByIds,
  actionsOfRule,
  appliedPausesSince,
  claimRuleRun,
  coolingEntities,
  countRules,
  countWorkspaceAccounts,
  decidePending,
  deleteRule,
  enabledRules,
  expirePending,
  finishRuleRun,
  insertRule,
  insertRuleAction,
  lastRunsOf,
  latestSyncOf,
  nameTaken,
  pendingApprovals,
  revivalsSince,
  ruleById,
  runsOfRule,
  settleRuleAction,
  timedRules,
  updateRule,
  updateRuleAction,
  userNames,
  workspaceRuleAction,
  workspaceRules,
  type RuleActionRow,
  type RuleRow,
} from './rules.queries';
import { dueSlots } from './schedule';
import { DAY_MS, localDay } from '@shared/days';

/** Stable id of the job that runs a workspace's rules (queued by every successful sync, and by the schedule). */
export const RULES_JOB = 'rules.evaluate';
/** Stable id of the job that starts the rules scheduled at set times. */
export const RULES_SCHEDULE_JOB = 'rules.schedule';
export const RULES_SCHEDULE_CRON = '*/5 * * * *';
/** A change waiting for approval longer than this was judged on data too old to act on. */
export const APPROVAL_EXPIRY_HOURS = 24;

type AccountRow = typeof connectedAdAccounts.$inferSelect;

const conflict = (detail: string) => new HttpError(409, detail, ErrorCode.Conflict);

/** The platform change an action plans, in the actions log's shape. */
function changeOf(entity: RuleEntity, planned: PlannedChange): SuggestionChange | null {
  if (planned.kind === 'notify') return null;
  if (planned.kind === 'budget')
    return { kind: 'campaign_budget', campaign_id: entity.entityId, campaign_name: entity.entityName, currency: entity.currency, from: planned.from, to: planned.to };
  if (entity.level === 'ad')
    return { kind: 'ad_status', ad_id: entity.entityId, ad_name: entity.entityName, campaign_id: entity.campaignId ?? '', campaign_name: entity.campaignName ?? '', from: planned.from, to: planned.to };
  return { kind: 'campaign_status', campaign_id: entity.entityId, campaign_name: entity.entityName, from: planned.from, to: planned.to };
}

const NOUNS = { account: 'account', campaign: 'campaign', ad: 'ad' } as const;
const PAST: Record<RuleActionKind | 'revive', string> = {
  notify: 'matched',
  pause: 'paused',
  resume: 'resumed',
  budget_up: 'raised the daily budget of',
  budget_down: 'lowered the daily budget of',
  revive: 'resumed (late data revived it)',
};

/** What one run of a rule counted (the run summary's figures). */
type RunCounts = Pick<RuleRunSummary, 'judged' | 'matched' | 'acted' | 'failed' | 'revived' | 'skipped'>;

/**
 * Automated rules: kept per workspace, dry-run over the last 30 days before saving, and run as a
 * job after every sync (or at set times). Each run claims (rule, data version) first, so two
 * syncs finishing together evaluate a rule once. What a rule changes is written through the
 * actions log (recorded before the platform call, undoable there); with approval on, it waits
 * for a manager's click instead; a platform refusal marks the rule's action failed, raises an
 * alert, and the entity's cooldown keeps the rule from trying again at once.
 */
export function createRulesService(ctx: Pick<AppContext, 'db' | 'queue' | 'clock' | 'log'>, actions: ActionsService, alerts: Pick<AlertsService, 'raise'>) {
  const { db, queue, clock, log } = ctx;

  async function ruleOf(workspaceId: string, id: string): Promise<RuleRow> {
    if (!isUuid(id)) throw notFound(RULE_MESSAGES.notFound);
    const row = await ruleById(db, workspaceId, id);
    if (!row) throw notFound(RULE_MESSAGES.notFound);
    return row;
  }

  /** The accounts a rule names must be the workspace's own. */
  async function checkAccounts(workspaceId: string, definition: RuleInput): Promise<void> {
    const named = definition.scope.accounts;
    if (!named.length) return;
    if ((await countWorkspaceAccounts(db, workspaceId, named)) < new Set(named).size) throw badRequest('Accounts: must be ids of the workspace’s connected accounts.', 'scope.accounts');
  }

  const definitionOf = (input: RuleInput): RuleDefinition => input as unknown as RuleDefinition;

  async function present(rows: RuleRow[]): Promise<Rule[]> {
    if (!rows.length) return [];
    const [lastRuns, nameOf] = await Promise.all([
      lastRunsOf(
        db,
        rows.map((r) => r.id),
      ),
      userNames(
        db,
        rows.map((r) => r.createdBy).filter((id): id is string => id !== null),
      ),
    ]);
    const lastOf = new Map(lastRuns.map((run) => [run.ruleId, run]));
    return rows.map((row) => presentRule(row, lastOf.get(row.id) ?? null, row.createdBy ? (nameOf.get(row.createdBy) ?? null) : null));
  }

  async function presentActionRows(rows: RuleActionRow[]): Promise<RuleActionItem[]> {
    if (!rows.length) return [];
    const byId = new Map((await accountsByIds(db, [...new Set(rows.map((r) => r.accountRef))])).map((a) => [a.id, a]));
    return rows.map((row) => presentRuleAction(row, byId.get(row.accountRef)!));
  }

  /** Pending approvals older than APPROVAL_EXPIRY_HOURS are closed as expired. */
  async function expireApprovals(workspaceId: string): Promise<void> {
    await expirePending(db, workspaceId, new Date(clock.now().getTime() - APPROVAL_EXPIRY_HOURS * 3_600_000), clock.now());
  }

  /** An alert about what a rule did, delivered like the checks' alerts (bell, stream, mail, webhook). */
  function ruleFinding(kind: 'rule' | 'rule_failed', key: string, entity: Pick<RuleEntity, 'level' | 'entityId' | 'entityName'>, day: string, headline: string): AlertFinding {
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
    const row = await saveRuleAction(existing, rule, account, entity, kind, change, 'failed', detail, null, decidedBy, now);
    await alerts.raise(account, [ruleFinding('rule_failed', `rule-failed:${row.id}`, entity, localDay(now, account.timeZone), `Rule “${rule.name}” did not change ${NOUNS[entity.level]} “${entity.entityName}”: ${detail}`)]);
    return row;
  }

  // The rule's own record of a change ends with the change's action, live or settled by the
  // reconciler after an interruption, and is alerted once it has.
  actions.onSettled('rule', async (tx, action, direction) => {
    if (direction !== 'apply') return;
    const label = PLATFORM_LABELS[action.platform as Platform];
    const refusal = (action.steps as JournalStep[]).find((step) => step.error)?.error ?? 'the change could not be sent';
    const error = action.status === 'applied' ? null : action.status === 'partially_applied' ? action.problem : RULE_MESSAGES.refused(label, refusal);
    const row = await settleRuleAction(tx, action.id, { status: action.status === 'applied' ? 'applied' : 'failed', error }, clock.now());
    if (!row) return;
    const [account] = await accountsByIds(tx, [row.accountRef]);
    const noun = NOUNS[row.level as RuleEntity['level']];
    const day = localDay(clock.now(), account.timeZone);
    const entity = { level: row.level as RuleEntity['level'], entityId: row.entityId, entityName: row.entityName };
    const finding =
      row.status === 'applied'
        ? ruleFinding('rule', `rule-action:${row.id}`, entity, day, `Rule “${row.ruleName}” ${PAST[row.kind as RuleActionKind | 'revive']} ${noun} “${row.entityName}”`)
        : ruleFinding('rule_failed', `rule-failed:${row.id}`, entity, day, `Rule “${row.ruleName}” could not change ${noun} “${row.entityName}”: ${error}`);
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
        log.warn({ ruleId: rule.id, platform: error.platform, kind: error.kind, code: error.code }, 'the platform could not be read before a rule’s change');
        return notWritten(existing, rule, account, entity, kind, change, RULE_MESSAGES.refused(label, error.message), decidedBy);
      }
      if (!state.matches) return notWritten(existing, rule, account, entity, kind, change, RULE_MESSAGES.budgetMoved(label, state.words), decidedBy);
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
          ruleActionId = (await saveRuleAction(existing, rule, account, entity, kind, change, 'applying', null, actionId, decidedBy, clock.now(), tx)).id;
          return true;
        },
      });
    } catch (error) {
      // Not the platform's refusal (that settles the action): the rule's action stays applying until the reconciler settles it.
      log.error({ ruleId: rule.id, error: error instanceof Error ? error.message : String(error) }, 'a rule’s change failed');
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
    if ('id' in existing) return updateRuleAction(tx, existing.id, { status, error, actionId, decidedAt: now, decidedBy });
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

  /** One rule over the workspace's entities: judge, guard, cooldown, cap, act; then revive. */
  async function runRule(row: RuleRow, runId: string, loaded: WorkspaceEntities, totals: Map<string, EntityTotals>): Promise<RunCounts> {
    const definition = row.definition as RuleDefinition;
    const rule = { id: row.id, name: row.name };
    const now = clock.now();
    const counts: RunCounts = { judged: 0, matched: 0, acted: 0, failed: 0, revived: 0, skipped: 0 };
    const cooling = await coolingEntities(db, row.id, new Date(now.getTime() - definition.cooldown_hours * 3_600_000));
    const matches: { entity: RuleEntity; reasons: string[]; weight: number }[] = [];
    for (const entity of loaded.entities) {
      if (!inScope(definition, entity)) continue;
      counts.judged += 1;
      const judgement = judgeEntity(definition, entity, totals.get(entity.key)!, loaded.todayOf.get(entity.accountRef)!);
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
        const saved = await saveRuleAction({ runId, reasons }, rule, account, entity, 'notify', null, 'notified', null, null, null, now);
        await alerts.raise(account, [ruleFinding('rule', `rule-action:${saved.id}`, entity, day, `Rule “${row.name}” matched ${noun} “${entity.entityName}”: ${reasons.join('; ')}`)]);
      } else if (definition.approval) {
        const saved = await saveRuleAction({ runId, reasons }, rule, account, entity, definition.action.kind, change, 'pending', null, null, null, now);
        await alerts.raise(account, [
          ruleFinding('rule', `rule-action:${saved.id}`, entity, day, `Rule “${row.name}” asks to ${RULE_ACTION_LABELS[definition.action.kind].toLowerCase()} ${noun} “${entity.entityName}”: approve or reject it under Rules`),
        ]);
      } else {
        const saved = await writeChange(rule, account, entity, change, definition.action.kind, { runId, reasons }, null);
        if (saved.status === 'failed') counts.failed += 1;
      }
    }
    if (definition.revive && definition.action.kind === 'pause') counts.revived = await revive(row, definition, runId, loaded, totals);
    return counts;
  }

  /**
   * Resumes what this rule paused in the last LAG_HORIZON_DAYS when the same conditions, judged
   * again on the day it paused with the late conversions that have arrived since, no longer hold.
   */
  async function revive(row: RuleRow, definition: RuleDefinition, runId: string, loaded: WorkspaceEntities, totals: Map<string, EntityTotals>): Promise<number> {
    const since = new Date(clock.now().getTime() - LAG_HORIZON_DAYS * DAY_MS);
    const paused = await appliedPausesSince(db, row.id, since);
    if (!paused.length) return 0;
    // The rule's revivals since then, read once: a pause already revived is not revived twice.
    const revivals = await revivalsSince(db, row.id, since);
    let revived = 0;
    for (const action of paused) {
      if (revivals.some((r) => r.entityId === action.entityId && r.createdAt > action.createdAt)) continue;
      const entity = loaded.entities.find((e) => e.accountRef === action.accountRef && e.entityId === action.entityId && e.level === action.level);
      // Someone resumed it already (or it is gone): nothing to revive.
      if (!entity || entity.status !== 'PAUSED') continue;
      const account = loaded.accounts.get(entity.accountRef)!;
      const asOf = dayNumber(localDay(action.createdAt, account.timeZone));
      const judgement = judgeEntity(definition, entity, totals.get(entity.key)!, asOf);
      if (judgement.matched) continue;
      const reasons = definition.groups.flatMap((group) => group.conditions.map((condition) => judgeCondition(condition, entity, totals.get(entity.key)!, asOf))).map((r) => `${r.holds ? 'Still' : 'No longer'}: ${r.words} (judged again for ${dateOf(asOf)})`);
      const change = changeOf(entity, { kind: 'status', from: 'PAUSED', to: 'ACTIVE' })!;
      const saved = await writeChange({ id: row.id, name: row.name }, account, entity, change, 'revive', { runId, reasons }, null);
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
  async function runWorkspace(workspaceId: string, trigger: 'sync' | 'schedule', version?: string, ruleIds?: string[]): Promise<number> {
    const now = clock.now();
    if (!(await workspaceEntitlements(db, workspaceId, now)).dashboard) return 0;
    await expireApprovals(workspaceId);
    const candidates = await enabledRules(db, workspaceId, ruleIds);
    const due = candidates.filter((row) => (row.definition as RuleDefinition).schedule.kind === (trigger === 'sync' ? 'after_sync' : 'times'));
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

  const api = {
    runWorkspace,

    /** Queues the workspace's rules inside the sync's final transaction. */
    async afterSync(tx: Tx, synced: { workspaceId: string }): Promise<void> {
      await queue.send(RULES_JOB, { workspaceId: synced.workspaceId, trigger: 'sync' }, { tx });
    },

    /** Starts the runs of rules whose set time has come (every RULES_SCHEDULE_CRON). */
    async startScheduled(): Promise<number> {
      const now = clock.now();
      let started = 0;
      for (const row of await timedRules(db)) {
        const { schedule } = row.definition as RuleDefinition;
        for (const slot of dueSlots(schedule.times, schedule.time_zone, now)) {
          await queue.send(RULES_JOB, { workspaceId: row.workspaceId, trigger: 'schedule', version: `at:${slot.toISOString()}`, ruleId: row.id });
          started += 1;
        }
      }
      return started;
    },

    /** GET rules/. */
    async list(principal: Principal): Promise<RuleList> {
      await assertDashboardAccess(db, principal.workspaceId, clock.now());
      await expireApprovals(principal.workspaceId);
      const [rows, pending] = await Promise.all([workspaceRules(db, principal.workspaceId), pendingApprovals(db, principal.workspaceId)]);
      return { rules: await present(rows), pending: await presentActionRows(pending) };
    },

    /** GET rules/<id>/. */
    async detail(principal: Principal, id: string): Promise<RuleDetail> {
      await assertDashboardAccess(db, principal.workspaceId, clock.now());
      const row = await ruleOf(principal.workspaceId, id);
      const [runs, actionRows] = await Promise.all([runsOfRule(db, row.id, 20), actionsOfRule(db, row.id, 50)]);
      const [rule] = await present([row]);
      return { rule, runs: runs.map(presentRun), actions: await presentActionRows(actionRows) };
    },

    /** POST rules/. */
    async create(principal: Principal, input: RuleInput): Promise<Rule> {
      const now = clock.now();
      await assertDashboardAccess(db, principal.workspaceId, now);
      await checkAccounts(principal.workspaceId, input);
      if ((await countRules(db, principal.workspaceId)) >= MAX_RULES_PER_WORKSPACE) throw conflict(RULE_MESSAGES.tooMany);
      const definition = definitionOf(input);
      const row = await insertRule(db, { workspaceId: principal.workspaceId, name: definition.name, definition, enabled: definition.enabled, createdBy: principal.userId, createdAt: now, updatedAt: now });
      if (!row) throw badRequest(`Name: ${RULE_MESSAGES.nameTaken}`, 'name');
      log.info({ ruleId: row.id }, 'rule created');
      const [rule] = await present([row]);
      return rule;
    },

    /** PUT rules/<id>/: a new definition; its past runs and actions stay. */
    async update(principal: Principal, id: string, input: RuleInput): Promise<Rule> {
      const now = clock.now();
      await assertDashboardAccess(db, principal.workspaceId, now);
      const existing = await ruleOf(principal.workspaceId, id);
      await checkAccounts(principal.workspaceId, input);
      const definition = definitionOf(input);
      if (await nameTaken(db, principal.workspaceId, definition.name, existing.id)) throw badRequest(`Name: ${RULE_MESSAGES.nameTaken}`, 'name');
      const row = await updateRule(db, existing.id, { name: definition.name, definition, enabled: definition.enabled, updatedAt: now });
      const [rule] = await present([row]);
      return rule;
    },

    /** PUT rules/<id>/enabled/. */
    async setEnabled(principal: Principal, id: string, enabled: boolean): Promise<Rule> {
      const now = clock.now();
      await assertDashboardAccess(db, principal.workspaceId, now);
      const existing = await ruleOf(principal.workspaceId, id);
      const row = await updateRule(db, existing.id, { enabled, definition: { ...(existing.definition as RuleDefinition), enabled }, updatedAt: now });
      const [rule] = await present([row]);
      return rule;
    },

    /** DELETE rules/<id>/: its changes stay in the actions log under its name. */
    async remove(principal: Principal, id: string): Promise<void> {
      await assertDashboardAccess(db, principal.workspaceId, clock.now());
      const existing = await ruleOf(principal.workspaceId, id);
      await deleteRule(db, existing.id, clock.now());
      log.info({ ruleId: existing.id }, 'rule deleted');
    },

    /** POST rules/dry-run/: the rule replayed over the last DRY_RUN_DAYS days. */
    async dryRun(principal: Principal, input: RuleInput): Promise<DryRun> {
      const now = clock.now();
      await assertDashboardAccess(db, principal.workspaceId, now);
      await checkAccounts(principal.workspaceId, input);
      const loaded = await loadWorkspaceEntities(db, principal.workspaceId, now);
      const today = Math.max(dayNumber(localDay(now, 'UTC')) - 1, ...loaded.todayOf.values());
      return presentDryRun(backtestRule(definitionOf(input), loaded.entities, today), loaded.accounts);
    },

    /** POST rules/approvals/<id>/approve/: the queued change, written now. */
    async approve(principal: Principal, id: string): Promise<RuleActionItem> {
      const { row, account, entity } = await pendingOf(principal, id);
      // Claim it first: a second click (or a second manager) finds it decided.
      const claimed = await decidePending(db, row.id, { decidedAt: clock.now(), decidedBy: principal.userId });
      if (!claimed) throw conflict(RULE_MESSAGES.notPending);
      const saved = await writeChange({ id: row.ruleId, name: row.ruleName }, account, entity, row.change as SuggestionChange, row.kind as RuleActionKind, { id: row.id }, principal.userId, principal.viaClient ?? null);
      const [item] = await presentActionRows([saved]);
      return item;
    },

    /** One change waiting for approval, as the approvals list shows it; nothing is decided. */
    async pendingAction(principal: Principal, id: string): Promise<RuleActionItem> {
      const { row } = await pendingOf(principal, id);
      const [item] = await presentActionRows([row]);
      return item;
    },

    /** POST rules/approvals/<id>/reject/. */
    async reject(principal: Principal, id: string): Promise<RuleActionItem> {
      const { row } = await pendingOf(principal, id);
      const saved = await decidePending(db, row.id, { status: 'rejected', decidedAt: clock.now(), decidedBy: principal.userId });
      if (!saved) throw conflict(RULE_MESSAGES.notPending);
      const [item] = await presentActionRows([saved]);
      return item;
    },

  };

  /** A pending rule action of the caller's workspace, with its account and entity as synced now. */
  async function pendingOf(principal: Principal, id: string) {
    const now = clock.now();
    await assertDashboardAccess(db, principal.workspaceId, now);
    await expireApprovals(principal.workspaceId);
    if (!isUuid(id)) throw notFound(RULE_MESSAGES.actionNotFound);
    const row = await workspaceRuleAction(db, principal.workspaceId, id);
    if (!row) throw notFound(RULE_MESSAGES.actionNotFound);
    if (row.status !== 'pending' || !row.change) throw conflict(RULE_MESSAGES.notPending);
    // Only the action's own account: approving one change need not read the whole workspace.
    const loaded = await loadWorkspaceEntities(db, principal.workspaceId, now, row.accountRef);
    const account = loaded.accounts.get(row.accountRef);
    const entity = loaded.entities.find((e) => e.accountRef === row.accountRef && e.entityId === row.entityId && e.level === row.level);
    if (!account || !entity) throw conflict(RULE_MESSAGES.notPending);
    return { row, account, entity };
  }

  return api;
}
export type RulesService = ReturnType<typeof createRulesService>;
