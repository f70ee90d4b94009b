import { type RunningSandbox, startSandbox } from '@sandbox/sandbox';
import type { ActionList } from '@shared/api/actions';
import {
  type DryRun,
  type Rule,
  RULE_MESSAGES,
  RULE_PRESETS,
  type RuleActionItem,
  type RuleDefinition,
  type RuleList,
} from '@shared/api/rules';
import { addDays, localDay } from '@shared/days';
import { and, eq, sql } from 'drizzle-orm';

import { executeRows } from '../../db/connect';
import {
  actions,
  alerts,
  campaigns,
  connectedAdAccounts,
  metricsDaily,
  outbox,
  ruleActions,
  ruleRuns,
  rules,
  syncState,
} from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { sandboxSettings } from '../../platforms/settings';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import { connectionOf } from '../../test/connect';
import type { TestUser } from '../../test/factories';
import { SANDBOX_TEST_START } from '../../test/sandboxDay';
import { SYNCED_SETUP_TIMEOUT_MS, syncedTenant } from '../../test/tenants';
import { RULES_JOB } from './rules.service';

describe('Automated rules', () => {
  let t: TestApp;
  let sandbox: RunningSandbox;
  let owner: TestUser;
  let other: TestUser;
  let workspaceId: string;
  const clock = manualClock(SANDBOX_TEST_START);
  const PLATFORM = 'meta';

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 42, sleep: async () => {}, now: () => clock.now() });
    t = await buildTestApp({
      workers: false,
      clock,
      config: { platforms: sandboxSettings(sandbox.url), sandbox: { mode: 'external', url: sandbox.url } },
    });
    owner = (await syncedTenant(t, sandbox, PLATFORM, 0)).user;
    other = (await syncedTenant(t, sandbox, PLATFORM, 1)).user;
    workspaceId = (await accountOf(owner)).workspaceId;
  }, SYNCED_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });
  beforeEach(async () => {
    await t.app.ctx.db.delete(rules);
    await t.app.ctx.db.delete(ruleActions);
    sandbox.faults.clear();
  });

  const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url: `/api/${url}`, headers: user.auth });
  const send = (user: TestUser, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/${url}`, headers: user.auth, ...(payload ? { payload } : {}) });
  async function accountOf(user: TestUser) {
    const connection = await connectionOf(t.app, user, PLATFORM);
    const [account] = await t.app.ctx.db
      .select()
      .from(connectedAdAccounts)
      .where(eq(connectedAdAccounts.connectionId, connection.id));
    return account;
  }
  /** A live ad of the owner's sandbox account that has delivered (synced impressions), with its campaign. */
  const liveAd = async (index = 0) => {
    const account = sandbox.world.accounts(PLATFORM)[0];
    const delivered = await executeRows<{ entity_id: string }>(
      t.app.ctx.db,
      sql`select distinct entity_id from metrics_daily where account_ref = ${(await accountOf(owner)).id}::uuid and level = 'ad' and impressions > 0`,
    );
    const ids = new Set(delivered.map((r) => r.entity_id));
    const ads = account.campaigns
      .flatMap((c) => c.ads.map((ad) => ({ ad, campaign: c })))
      .filter(
        ({ ad, campaign }) =>
          ids.has(ad.id) &&
          sandbox.world.adStatus(PLATFORM, ad.id) === 'ACTIVE' &&
          sandbox.world.status(PLATFORM, campaign.id) === 'ACTIVE',
      );
    // Names are matched by "contains": take ads no other ad's name contains.
    const unique = ads.filter(
      ({ ad }) => account.campaigns.flatMap((c) => c.ads).filter((other) => other.name.includes(ad.name)).length === 1,
    );
    return unique[index];
  };
  /** A rule that matches exactly the named ad (it has had impressions), doing `action`. */
  const ruleFor = (adName: string, over: Partial<RuleDefinition> = {}): RuleDefinition => ({
    ...RULE_PRESETS[0].definition('UTC'),
    name: `Rule on ${adName}`,
    scope: { platforms: [PLATFORM], accounts: [], name_contains: adName },
    groups: [
      {
        match: 'all',
        conditions: [
          {
            metric: 'impressions',
            window: 'lifetime',
            days: null,
            operator: 'gt',
            compare: { kind: 'value', value: 0, metric: null, window: null, days: null, factor: null },
          },
        ],
      },
    ],
    guard: { min_impressions: 0, min_spend: 0 },
    revive: false,
    ...over,
  });
  /** A new data version, as a later sync would leave it (the clock stays: access tokens are short-lived). */
  let syncs = 0;
  const newSync = async () => {
    syncs += 1;
    clock.advance(1000);
    await t.app.ctx.db
      .update(syncState)
      .set({ lastSyncedAt: new Date(clock.now().getTime() + syncs) })
      .where(eq(syncState.workspaceId, workspaceId));
  };
  const create = async (definition: RuleDefinition): Promise<Rule> => {
    const res = await send(owner, 'POST', 'rules/', definition);
    expect(res.statusCode).toBe(201);
    return res.json();
  };

  it('creates a rule from a preset, lists it with its summary, and keeps each workspace to its own', async () => {
    const preset = RULE_PRESETS.find((p) => p.id === 'cpa-above-average')!.definition('UTC');
    const rule = await create(preset);
    expect(rule).toMatchObject({ name: preset.name, level: 'campaign', enabled: true, last_run: null });
    expect(rule.summary).toEqual([
      'Campaigns on every platform',
      'When CPA (last 3 days) > 1.5 × its last 30 days average and Spend (last 3 days) ≥ 2000',
      'Notify me; after each sync',
    ]);
    const list: RuleList = (await get(owner, 'rules/')).json();
    expect(list.rules.map((r) => r.id)).toEqual([rule.id]);
    expect((await get(other, 'rules/')).json().rules).toEqual([]);
    expect((await get(other, `rules/${rule.id}/`)).statusCode).toBe(404);
    expect((await send(other, 'DELETE', `rules/${rule.id}/`)).statusCode).toBe(404);
    expect((await send(owner, 'POST', 'rules/', preset)).json()).toMatchObject({
      detail: `Name: ${RULE_MESSAGES.nameTaken}`,
      field: 'name',
    });
  });

  it('refuses invalid rules with a message naming the field, and saves nothing', async () => {
    const preset = RULE_PRESETS[0].definition('UTC');
    const cases: [object, string, string][] = [
      [
        { ...preset, groups: [{ match: 'all', conditions: [] }] },
        'groups[0].conditions',
        'Group 1: add at least one condition; an empty group would match everything.',
      ],
      [
        { ...preset, groups: [{ match: 'all', conditions: [{ ...preset.groups[0].conditions[0], metric: 'vibes' }] }] },
        'groups[0].conditions[0].metric',
        'Group 1, condition 1 — metric: is not a metric',
      ],
      [
        { ...preset, level: 'campaign', action: { kind: 'budget_up', percent: 20, floor: null, cap: null } },
        'action.cap',
        'Highest daily budget: a budget the rule raises needs a cap it never goes above.',
      ],
      [
        { ...preset, groups: [{ match: 'all', conditions: [{ ...preset.groups[0].conditions[0], days: 120 }] }] },
        'groups[0].conditions[0].days',
        'Group 1, condition 1 — days: windows are at most 90 days.',
      ],
      [
        { ...preset, scope: { ...preset.scope, accounts: [(await accountOf(other)).id] } },
        'scope.accounts',
        'Accounts: must be ids of the workspace’s connected accounts.',
      ],
    ];
    for (const [payload, field, detail] of cases) {
      const res = await send(owner, 'POST', 'rules/', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
      expect(res.json().detail.startsWith(detail)).toBe(true);
    }
    expect(await t.app.ctx.db.select().from(rules)).toEqual([]);
  });

  it('dry-runs a rule over the last 30 days with what the entities did after', async () => {
    const { ad } = await liveAd();
    const notify = ruleFor(ad.name, {
      action: { kind: 'notify', percent: null, floor: null, cap: null },
      cooldown_hours: 24 * 7,
    });
    const res = await send(owner, 'POST', 'rules/dry-run/', notify);
    expect(res.statusCode).toBe(200);
    const dry: DryRun = res.json();
    expect(dry.entities).toBeGreaterThanOrEqual(1);
    // Weekly cooldown over 30 days: it fires on the first day and every 7 days after.
    expect(dry.firings.length).toBeGreaterThanOrEqual(4);
    expect(dry.firings[0]).toMatchObject({ entity_id: ad.id, kind: 'notify', platform: PLATFORM });
    expect(dry.firings[0].reasons[0]).toMatch(/^Impressions \(lifetime\) [\d,]+ > 0$/);
    expect(dry.effect[0]).toMatch(/^Would have notified you about 1 ad \(\d+ times\)/);
    expect(await t.app.ctx.db.select().from(rules)).toEqual([]);
  });

  it('a sync queues the workspace’s rules in its final transaction', async () => {
    const connection = await connectionOf(t.app, owner, PLATFORM);
    await t.app.ctx.db.execute(sql`delete from pgboss.job where name = ${RULES_JOB}`);
    expect(await t.app.services.sync.syncConnection(connection.id)).toMatchObject({ status: 'done' });
    const jobs = await executeRows<{ data: { workspaceId: string; trigger: string } }>(
      t.app.ctx.db,
      sql`select data from pgboss.job where name = ${RULES_JOB}`,
    );
    expect(jobs.map((job) => job.data)).toEqual([{ workspaceId, trigger: 'sync' }]);
  });

  it('pauses the ad at the platform, logs it with the rule, alerts and mails; two runs on the same data act once', async () => {
    const { ad } = await liveAd();
    const rule = await create(ruleFor(ad.name));
    await newSync();
    const mailsBefore = (await t.app.ctx.db.select().from(outbox)).length;
    // Two syncs finishing together: both jobs run, the rule is evaluated once.
    const [first, second] = await Promise.all([
      t.app.services.rules.runWorkspace(workspaceId, 'sync'),
      t.app.services.rules.runWorkspace(workspaceId, 'sync'),
    ]);
    expect(first + second).toBe(1);
    expect(await t.app.ctx.db.select().from(ruleRuns).where(eq(ruleRuns.ruleId, rule.id))).toHaveLength(1);
    expect(sandbox.world.adStatus(PLATFORM, ad.id)).toBe('PAUSED');

    const log: ActionList = (await get(owner, 'actions/')).json();
    const entry = log.items.find((item) => item.rule?.id === rule.id)!;
    expect(entry).toMatchObject({
      type: 'rule',
      rule: { name: rule.name },
      headline: `Rule “${rule.name}” paused ad “${ad.name}”`,
      can_undo: true,
    });
    expect(entry.change_lines[0]).toBe(
      `Meta: set ad “${ad.name}” in campaign “${liveAdCampaign(ad.id)}” from Active to Paused`,
    );
    const [alert] = await t.app.ctx.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.kind, 'rule'), eq(alerts.entityId, ad.id)));
    expect(alert).toMatchObject({ severity: 'critical', level: 'ad', headline: entry.headline });
    expect((await t.app.ctx.db.select().from(outbox)).length).toBeGreaterThan(mailsBefore);
    const detail = (await get(owner, `rules/${rule.id}/`)).json();
    expect(detail.runs[0]).toMatchObject({ trigger: 'sync', judged: 1, matched: 1, acted: 1, failed: 0 });
    expect(detail.actions[0]).toMatchObject({ kind: 'pause', status: 'applied', action_id: entry.id });

    // Undo from the actions log sets it back at the platform.
    expect((await send(owner, 'POST', `actions/${entry.id}/undo/`)).statusCode).toBe(200);
    expect(sandbox.world.adStatus(PLATFORM, ad.id)).toBe('ACTIVE');
    // Within its cooldown the rule leaves the ad alone, on new data too.
    await newSync();
    await t.app.services.rules.runWorkspace(workspaceId, 'sync');
    expect(sandbox.world.adStatus(PLATFORM, ad.id)).toBe('ACTIVE');
    expect((await get(owner, `rules/${rule.id}/`)).json().runs[0]).toMatchObject({ matched: 1, acted: 0, skipped: 1 });
  });

  const liveAdCampaign = (adId: string) =>
    sandbox.world.accounts(PLATFORM)[0].campaigns.find((c) => c.ads.some((a) => a.id === adId))!.name;

  it('a platform refusing marks the action failed, alerts, and does not retry in a loop', async () => {
    const { ad } = await liveAd(1);
    const rule = await create(ruleFor(ad.name));
    await newSync();
    sandbox.faults.add({ platform: PLATFORM, kind: 'rate_limit', times: 50, retryAfterSeconds: 30 });
    await t.app.services.rules.runWorkspace(workspaceId, 'sync');
    sandbox.faults.clear();
    expect(sandbox.world.adStatus(PLATFORM, ad.id)).toBe('ACTIVE');
    const [failed] = await t.app.ctx.db.select().from(ruleActions).where(eq(ruleActions.ruleId, rule.id));
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed.error).toMatch(/^Meta refused the change: /);
    const [alert] = await t.app.ctx.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.kind, 'rule_failed'), eq(alerts.entityId, ad.id)));
    expect(alert.headline).toContain(`Rule “${rule.name}” could not change ad “${ad.name}”`);
    // The attempt was recorded before the platform call, and ended as failed: nothing changed.
    expect(await t.app.ctx.db.select().from(actions).where(eq(actions.ruleId, rule.id))).toMatchObject([
      { id: failed.actionId, status: 'failed' },
    ]);
    await newSync();
    await t.app.services.rules.runWorkspace(workspaceId, 'sync');
    expect(await t.app.ctx.db.select().from(ruleActions).where(eq(ruleActions.ruleId, rule.id))).toHaveLength(1);
  });

  it('with approval on, queues the change; approve writes it once, reject leaves the platform alone', async () => {
    const { ad } = await liveAd(2);
    const rule = await create(ruleFor(ad.name, { approval: true }));
    await newSync();
    await t.app.services.rules.runWorkspace(workspaceId, 'sync');
    expect(sandbox.world.adStatus(PLATFORM, ad.id)).toBe('ACTIVE');
    const list: RuleList = (await get(owner, 'rules/')).json();
    const [pending] = list.pending;
    expect(pending).toMatchObject({ rule: { id: rule.id }, entity_id: ad.id, kind: 'pause', status: 'pending' });
    expect((await send(other, 'POST', `rules/approvals/${pending.id}/approve/`)).statusCode).toBe(404);
    const approved = await send(owner, 'POST', `rules/approvals/${pending.id}/approve/`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json() as RuleActionItem).toMatchObject({ status: 'applied' });
    expect(sandbox.world.adStatus(PLATFORM, ad.id)).toBe('PAUSED');
    expect((await send(owner, 'POST', `rules/approvals/${pending.id}/approve/`)).json().detail).toBe(
      RULE_MESSAGES.notPending,
    );
    sandbox.world.setAdStatus(PLATFORM, ad.id, 'ACTIVE');

    const second = (await liveAd(3)).ad;
    await create(ruleFor(second.name, { approval: true }));
    await newSync();
    await t.app.services.rules.runWorkspace(workspaceId, 'sync');
    const next = ((await get(owner, 'rules/')).json() as RuleList).pending.find((p) => p.entity_id === second.id)!;
    expect((await send(owner, 'POST', `rules/approvals/${next.id}/reject/`)).json()).toMatchObject({
      status: 'rejected',
    });
    expect(sandbox.world.adStatus(PLATFORM, second.id)).toBe('ACTIVE');
  });

  it('raises a campaign’s budget by the percentage, never past the cap', async () => {
    const { campaign } = await liveAd();
    const budget = sandbox.world.dailyBudgetMinor(PLATFORM, campaign.id);
    const cap = (budget * 1.1) / 100;
    const raise = (name: string): RuleDefinition => ({
      ...ruleFor(campaign.name),
      name,
      level: 'campaign',
      scope: { platforms: [], accounts: [], name_contains: campaign.name },
      action: { kind: 'budget_up', percent: 20, floor: null, cap },
    });
    // Someone changed the budget at the platform since the last sync: the rule writes nothing.
    const stale = await create(raise('Raise (stale)'));
    sandbox.world.setDailyBudget(PLATFORM, campaign.id, budget * 2);
    await newSync();
    await t.app.services.rules.runWorkspace(workspaceId, 'sync');
    expect(sandbox.world.dailyBudgetMinor(PLATFORM, campaign.id)).toBe(budget * 2);
    const [moved] = await t.app.ctx.db.select().from(ruleActions).where(eq(ruleActions.ruleId, stale.id));
    expect(moved).toMatchObject({ status: 'failed', kind: 'budget_up' });
    expect(moved.error).toMatch(
      /^The daily budget changed at Meta since the rule judged it \(now \w+ [\d.]+ a day\); nothing was written\.$/,
    );
    await send(owner, 'DELETE', `rules/${stale.id}/`);
    sandbox.world.setDailyBudget(PLATFORM, campaign.id, budget);
    // The check read the platform and Adwise's copy now shows its budget; newSync only marks a sync, so the copy is put back as a real sync would.
    await t.app.ctx.db.update(campaigns).set({ dailyBudgetMinor: budget }).where(eq(campaigns.campaignId, campaign.id));

    await create(raise('Raise'));
    await newSync();
    await t.app.services.rules.runWorkspace(workspaceId, 'sync');
    expect(sandbox.world.dailyBudgetMinor(PLATFORM, campaign.id)).toBe(Math.round(budget * 1.1));
    sandbox.world.setDailyBudget(PLATFORM, campaign.id, budget);
  });

  it('revives an ad it paused when late conversions mean the conditions no longer hold', async () => {
    const { ad } = await liveAd(4);
    const account = await accountOf(owner);
    // Pause when it had no conversion yesterday.
    const rule = await create(
      ruleFor(ad.name, {
        groups: [
          {
            match: 'all',
            conditions: [
              {
                metric: 'conversions',
                window: 'yesterday',
                days: null,
                operator: 'eq',
                compare: { kind: 'value', value: 0, metric: null, window: null, days: null, factor: null },
              },
            ],
          },
        ],
        revive: true,
      }),
    );
    const yesterday = addDays(localDay(clock.now(), account.timeZone), -1);
    const dayOf = (d: string) =>
      and(
        eq(metricsDaily.accountRef, account.id),
        eq(metricsDaily.level, 'ad'),
        eq(metricsDaily.entityId, ad.id),
        eq(metricsDaily.day, d),
      );
    expect(await t.app.ctx.db.select().from(metricsDaily).where(dayOf(yesterday))).toHaveLength(1);
    await t.app.ctx.db.update(metricsDaily).set({ conversions: 0 }).where(dayOf(yesterday));
    await newSync();
    await t.app.services.rules.runWorkspace(workspaceId, 'sync');
    expect(sandbox.world.adStatus(PLATFORM, ad.id)).toBe('PAUSED');
    // A later sync restates yesterday with two late conversions.
    await t.app.ctx.db.update(metricsDaily).set({ conversions: 2 }).where(dayOf(yesterday));
    await newSync();
    await t.app.services.rules.runWorkspace(workspaceId, 'sync');
    expect(sandbox.world.adStatus(PLATFORM, ad.id)).toBe('ACTIVE');
    const kinds = (await t.app.ctx.db.select().from(ruleActions).where(eq(ruleActions.ruleId, rule.id))).map((r) => [
      r.kind,
      r.status,
    ]);
    expect(kinds.sort()).toEqual([
      ['pause', 'applied'],
      ['revive', 'applied'],
    ]);
  });

  it('runs rules at set times only from the schedule, once per slot', async () => {
    const { ad } = await liveAd(0);
    const rule = await create(
      ruleFor(ad.name, {
        action: { kind: 'notify', percent: null, floor: null, cap: null },
        schedule: { kind: 'times', times: ['07:00'], time_zone: 'UTC' },
      }),
    );
    await newSync();
    expect(await t.app.services.rules.runWorkspace(workspaceId, 'sync')).toBe(0);
    expect(await t.app.services.rules.runWorkspace(workspaceId, 'schedule', 'at:slot-1', [rule.id])).toBe(1);
    expect(await t.app.services.rules.runWorkspace(workspaceId, 'schedule', 'at:slot-1', [rule.id])).toBe(0);
    const [notified] = await t.app.ctx.db.select().from(ruleActions).where(eq(ruleActions.ruleId, rule.id));
    expect(notified).toMatchObject({ kind: 'notify', status: 'notified' });
  });

  it('turns a rule off, and deletes it keeping what it did in the actions log', async () => {
    const { ad } = await liveAd(1);
    const rule = await create(ruleFor(ad.name));
    expect((await send(owner, 'PUT', `rules/${rule.id}/enabled/`, { enabled: false })).json()).toMatchObject({
      enabled: false,
    });
    await newSync();
    expect(await t.app.services.rules.runWorkspace(workspaceId, 'sync')).toBe(0);
    expect((await send(owner, 'PUT', `rules/${rule.id}/enabled/`, { enabled: 'yes' })).statusCode).toBe(400);
    await send(owner, 'PUT', `rules/${rule.id}/enabled/`, { enabled: true });
    await t.app.services.rules.runWorkspace(workspaceId, 'sync');
    expect((await send(owner, 'DELETE', `rules/${rule.id}/`)).statusCode).toBe(204);
    const [logged] = await t.app.ctx.db.select().from(actions).where(eq(actions.ruleName, rule.name));
    expect(logged).toMatchObject({ ruleId: null, type: 'rule' });
    await send(owner, 'POST', `actions/${logged.id}/undo/`);
  });
});
