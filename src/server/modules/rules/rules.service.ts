import { ErrorCode } from '@shared/api/errors';
import {
  type DryRun,
  MAX_RULES_PER_WORKSPACE,
  type Rule,
  RULE_MESSAGES,
  type RuleActionItem,
  type RuleActionKind,
  type RuleDefinition,
  type RuleDetail,
  type RuleList,
} from '@shared/api/rules';
import type { SuggestionChange } from '@shared/api/suggestions';
import { localDay } from '@shared/days';
import type { RuleInput } from '@shared/validation/rules';
import { isUuid } from '@shared/validation/uuid';

import { backtestRule } from '../../analysis/ruleBacktest';
import { dayNumber } from '../../analysis/window';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/connect';
import { badRequest, HttpError, notFound } from '../../lib/httpError';
import { assertDashboardAccess } from '../access/entitlements';
import type { Principal } from '../access/principal';
import type { ActionsService } from '../actions/actions.service';
import type { AlertsService } from '../alerts/alerts.service';
import { createRuleChanges } from './rules.changes';
import { loadWorkspaceEntities } from './rules.entities';
import { presentDryRun, presentRule, presentRuleAction, presentRun } from './rules.presenter';
import {
  accountsByIds,
  actionsOfRule,
  countRules,
  countWorkspaceAccounts,
  decidePending,
  deleteRule,
  insertRule,
  lastRunsOf,
  nameTaken,
  pendingApprovals,
  type RuleActionRow,
  ruleById,
  type RuleRow,
  runsOfRule,
  timedRules,
  updateRule,
  userNames,
  workspaceRuleAction,
  workspaceRules,
} from './rules.queries';
import { createRuleRunner } from './rules.run';
import { dueSlots } from './schedule';

/** Stable id of the job that runs a workspace's rules (queued by every successful sync, and by the schedule). */
export const RULES_JOB = 'rules.evaluate';
/** Stable id of the job that starts the rules scheduled at set times. */
export const RULES_SCHEDULE_JOB = 'rules.schedule';
export const RULES_SCHEDULE_CRON = '*/5 * * * *';

const conflict = (detail: string) => new HttpError(409, detail, ErrorCode.Conflict);

/**
 * Automated rules: kept per workspace, dry-run over the last 30 days before saving, and run as a
 * job after every sync (or at set times; the run is rules.run.ts, its writes rules.changes.ts). Each run claims (rule, data version) first, so two
 * syncs finishing together evaluate a rule once. What a rule changes is written through the
 * actions log (recorded before the platform call, undoable there); with approval on, it waits
 * for a manager's click instead; a platform refusal marks the rule's action failed, raises an
 * alert, and the entity's cooldown keeps the rule from trying again at once.
 */
export function createRulesService(
  ctx: Pick<AppContext, 'db' | 'queue' | 'clock' | 'log'>,
  actions: ActionsService,
  alerts: Pick<AlertsService, 'raise'>,
) {
  const { db, queue, clock, log } = ctx;
  const changes = createRuleChanges(ctx, actions, alerts);
  const { runWorkspace, expireApprovals } = createRuleRunner(ctx, changes, alerts);
  const { writeChange } = changes;

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
    if ((await countWorkspaceAccounts(db, workspaceId, named)) < new Set(named).size)
      throw badRequest('Accounts: must be ids of the workspace’s connected accounts.', 'scope.accounts');
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
    return rows.map((row) =>
      presentRule(row, lastOf.get(row.id) ?? null, row.createdBy ? (nameOf.get(row.createdBy) ?? null) : null),
    );
  }

  async function presentActionRows(rows: RuleActionRow[]): Promise<RuleActionItem[]> {
    if (!rows.length) return [];
    const byId = new Map((await accountsByIds(db, [...new Set(rows.map((r) => r.accountRef))])).map((a) => [a.id, a]));
    return rows.map((row) => presentRuleAction(row, byId.get(row.accountRef)!));
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
          await queue.send(RULES_JOB, {
            workspaceId: row.workspaceId,
            trigger: 'schedule',
            version: `at:${slot.toISOString()}`,
            ruleId: row.id,
          });
          started += 1;
        }
      }
      return started;
    },

    /** GET rules/. */
    async list(principal: Principal): Promise<RuleList> {
      await assertDashboardAccess(db, principal.workspaceId, clock.now());
      await expireApprovals(principal.workspaceId);
      const [rows, pending] = await Promise.all([
        workspaceRules(db, principal.workspaceId),
        pendingApprovals(db, principal.workspaceId),
      ]);
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
      if ((await countRules(db, principal.workspaceId)) >= MAX_RULES_PER_WORKSPACE)
        throw conflict(RULE_MESSAGES.tooMany);
      const definition = definitionOf(input);
      const row = await insertRule(db, {
        workspaceId: principal.workspaceId,
        name: definition.name,
        definition,
        enabled: definition.enabled,
        createdBy: principal.userId,
        createdAt: now,
        updatedAt: now,
      });
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
      if (await nameTaken(db, principal.workspaceId, definition.name, existing.id))
        throw badRequest(`Name: ${RULE_MESSAGES.nameTaken}`, 'name');
      const row = await updateRule(db, existing.id, {
        name: definition.name,
        definition,
        enabled: definition.enabled,
        updatedAt: now,
      });
      const [rule] = await present([row]);
      return rule;
    },

    /** PUT rules/<id>/enabled/. */
    async setEnabled(principal: Principal, id: string, enabled: boolean): Promise<Rule> {
      const now = clock.now();
      await assertDashboardAccess(db, principal.workspaceId, now);
      const existing = await ruleOf(principal.workspaceId, id);
      const row = await updateRule(db, existing.id, {
        enabled,
        definition: { ...(existing.definition as RuleDefinition), enabled },
        updatedAt: now,
      });
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
      const saved = await writeChange(
        { id: row.ruleId, name: row.ruleName },
        account,
        entity,
        row.change as SuggestionChange,
        row.kind as RuleActionKind,
        { id: row.id },
        principal.userId,
        principal.viaClient ?? null,
      );
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
      const saved = await decidePending(db, row.id, {
        status: 'rejected',
        decidedAt: clock.now(),
        decidedBy: principal.userId,
      });
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
    const entity = loaded.entities.find(
      (e) => e.accountRef === row.accountRef && e.entityId === row.entityId && e.level === row.level,
    );
    if (!account || !entity) throw conflict(RULE_MESSAGES.notPending);
    return { row, account, entity };
  }

  return api;
}
export type RulesService = ReturnType<typeof createRulesService>;
