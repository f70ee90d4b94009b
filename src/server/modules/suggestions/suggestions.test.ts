import { type RunningSandbox, startSandbox } from '@sandbox/sandbox';
import { ACTION_MESSAGES, type ActionList, type ActionRecord, UNDO_WINDOW_MINUTES } from '@shared/api/actions';
import {
  type ApplyPreview,
  type Suggestion,
  SUGGESTION_MESSAGES,
  SUGGESTION_TYPES,
  type SuggestionChange,
  type SuggestionList,
  type SuggestionType,
} from '@shared/api/suggestions';
import { and, eq, inArray, sql } from 'drizzle-orm';

import type { Finding } from '../../analysis/findings';
import { executeRows } from '../../db/connect';
import { actions, campaigns, connectedAdAccounts, suggestions, users } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { DEFAULT_MAX_ATTEMPTS } from '../../platforms/http';
import { sandboxSettings } from '../../platforms/settings';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import { connectionOf, connectVia } from '../../test/connect';
import { signUp, type TestUser } from '../../test/factories';
import { recordingRuntime } from '../../test/platforms';
import { SANDBOX_TEST_START } from '../../test/sandboxDay';
import { SYNCED_SETUP_TIMEOUT_MS, syncedTenant } from '../../test/tenants';
import { loadAccountSeries } from '../metrics/accountSeries.queries';
import { storeFindings } from './suggestions.compute';
import { SUGGESTIONS_JOB } from './suggestions.service';

/**
 * Smart Suggestions end to end on a real database against the sandbox: computed after a sync,
 * listed with their evidence, applied at the platform (checked against its state first), undone
 * within the window, dismissed and snoozed, and measured on /actions after their horizon. The
 * sandbox and the app share one clock, so moving it moves both.
 */
describe('Smart Suggestions', () => {
  let t: TestApp;
  let sandbox: RunningSandbox;
  let owner: TestUser;
  let other: TestUser;
  const clock = manualClock(SANDBOX_TEST_START);
  /** Armed by a test: the next budget write reaches the platform, then the platform refuses the request after it. */
  let refuseAfterNextBudgetWrite = false;
  // Seed 23's LinkedIn accounts hold six loser ads between them.
  const PLATFORM = 'linkedin';

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 23, sleep: async () => {}, now: () => clock.now() });
    t = await buildTestApp({
      workers: false,
      clock,
      platformRuntime: recordingRuntime({
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          if (refuseAfterNextBudgetWrite && init?.method === 'POST' && String(input).includes('/adCampaigns/')) {
            refuseAfterNextBudgetWrite = false;
            // Refused on every try of the next write (the client tries DEFAULT_MAX_ATTEMPTS times), not after.
            sandbox.faults.add({
              platform: PLATFORM,
              kind: 'rate_limit',
              times: DEFAULT_MAX_ATTEMPTS,
              retryAfterSeconds: 30,
            });
          }
          return response;
        },
      }),
      config: { platforms: sandboxSettings(sandbox.url), sandbox: { mode: 'external', url: sandbox.url } },
    });
    owner = await signUp(t.app);
    await t.app.inject({ method: 'POST', url: '/api/start-trial/', headers: owner.auth, payload: {} });
    await connectVia(t.app, owner, PLATFORM, {
      accountIds: sandbox.world.accounts(PLATFORM).map((account) => account.id),
    });
    expect(await t.app.services.sync.syncConnection((await connectionOf(t.app, owner, PLATFORM)).id)).toMatchObject({
      status: 'done',
    });
    other = (await syncedTenant(t, sandbox, PLATFORM, 1)).user;
    for (const user of [owner, other])
      await t.app.services.suggestions.computeConnection((await connectionOf(t.app, user, PLATFORM)).id);
  }, SYNCED_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });
  afterEach(() => sandbox.faults.clear());

  const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url: `/api/${url}`, headers: user.auth });
  const post = (user: TestUser, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/${url}`, headers: user.auth, payload });
  const list = async (user: TestUser, query = ''): Promise<SuggestionList> =>
    (await get(user, `suggestions/${query}`)).json();
  const adOf = (s: Suggestion) => (s.change.kind === 'ad_status' ? s.change.ad_id : '');
  /** A suggestion stored for an account as a run of the analysis would store it (for changes the analysis of this world does not find). */
  const plantSuggestion = async (
    account: typeof connectedAdAccounts.$inferSelect,
    s: { type: SuggestionType; key: string; headline: string; change: SuggestionChange; impact: Suggestion['impact'] },
  ): Promise<string> => {
    const [row] = await t.app.ctx.db
      .insert(suggestions)
      .values({
        workspaceId: account.workspaceId,
        accountRef: account.id,
        platform: PLATFORM,
        type: s.type,
        key: s.key,
        headline: s.headline,
        confidence: 0.99,
        body: { evidence: [], chart: null, impact: s.impact, change: s.change },
        score: s.impact.conversions_per_week.mid,
        computedAt: clock.now(),
      })
      .returning({ id: suggestions.id });
    return row.id;
  };
  /** The open advice to pause an ad, best first. */
  const pauses = async (user: TestUser = owner) => (await list(user, '?type=pause_ad')).items;

  it('a successful sync queues the suggestions job in its own final transaction', async () => {
    const connection = await connectionOf(t.app, owner, PLATFORM);
    await t.app.ctx.db.execute(sql`delete from pgboss.job where name = ${SUGGESTIONS_JOB}`);
    expect(await t.app.services.sync.syncConnection(connection.id)).toMatchObject({ status: 'done' });
    const jobs = await executeRows<{ data: { connectionId: string } }>(
      t.app.ctx.db,
      sql`select data from pgboss.job where name = ${SUGGESTIONS_JOB}`,
    );
    expect(jobs.map((job) => job.data.connectionId)).toEqual([connection.id]);
  });

  it('lists suggestions with evidence, a chart, the expected impact and the exact change, best first', async () => {
    const found = await list(owner);
    expect(found.computed_at).not.toBeNull();
    expect(found.items.length).toBeGreaterThanOrEqual(5);
    for (const s of found.items) {
      expect(s.platform).toBe(PLATFORM);
      expect(s.status).toBe('open');
      expect(s.confidence).toBeGreaterThanOrEqual(0.95);
      expect(s.evidence.length).toBeGreaterThan(0);
      for (const e of s.evidence) {
        expect(e.entity.low).toBeLessThanOrEqual(e.entity.high);
        expect(e.peers.low).toBeLessThanOrEqual(e.peers.high);
      }
      expect(s.chart?.points).toHaveLength(28);
      expect(s.impact.conversions_per_week.low).toBeLessThanOrEqual(s.impact.conversions_per_week.high);
      expect(s.change_lines[0]).toMatch(s.applicable ? /^LinkedIn: / : /^To do by hand at LinkedIn: /);
    }
    const ads = await pauses();
    expect(ads.length).toBeGreaterThanOrEqual(4);
    for (const s of ads) {
      expect(s.applicable).toBe(true);
      for (const e of s.evidence) expect(e.entity.mid).toBeLessThan(e.peers.mid);
      expect(s.impact.conversions_per_week.mid).toBeGreaterThan(0);
      expect(s.change).toMatchObject({ kind: 'ad_status', from: 'ACTIVE', to: 'PAUSED' });
      expect(s.change_lines[0]).toMatch(/^LinkedIn: set ad “.+” in campaign “.+” from Active to Paused$/);
      // Each advised ad is live at the platform now.
      expect(sandbox.world.adStatus(PLATFORM, adOf(s))).toBe('ACTIVE');
    }
    // Best first: expected conversions times confidence (every type has the same record so far).
    const ranks = found.items.map((s) => s.impact.conversions_per_week.mid * s.confidence);
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
  });

  it('filters by type, platform and account, and refuses bad filters with a detail', async () => {
    const all = await list(owner);
    const byType = new Map<string, number>();
    for (const s of all.items) byType.set(s.type, (byType.get(s.type) ?? 0) + 1);
    for (const [type, count] of byType) expect((await list(owner, `?type=${type}`)).total).toBe(count);
    const absent = SUGGESTION_TYPES.find((type) => !byType.has(type));
    if (absent) expect((await list(owner, `?type=${absent}`)).total).toBe(0);
    expect((await list(owner, '?platform=google')).total).toBe(0);
    expect((await list(owner, `?account=${all.items[0].account.id}&limit=1`)).items).toHaveLength(1);
    const bad = await get(owner, 'suggestions/?type=everything');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/Type must be one of/);
    const foreignConnection = await connectionOf(t.app, other, PLATFORM);
    const [foreign] = await t.app.ctx.db
      .select()
      .from(connectedAdAccounts)
      .where(eq(connectedAdAccounts.connectionId, foreignConnection.id));
    expect((await get(owner, `suggestions/?account=${foreign.id}`)).statusCode).toBe(404);
  });

  it('applies at the platform after checking its state, records the action, and undoes within the window', async () => {
    const [target] = await pauses();
    const preview: ApplyPreview = (await get(owner, `suggestions/${target.id}/preview/`)).json();
    expect(preview).toMatchObject({ current_matches: true, current_state: 'Active', detail: null });
    expect(preview.suggestion.change_lines).toEqual(target.change_lines);

    const applied = await post(owner, `suggestions/${target.id}/apply/`);
    expect(applied.statusCode).toBe(200);
    const action: ActionRecord = applied.json();
    expect(action).toMatchObject({
      suggestion_id: target.id,
      status: 'applied',
      can_undo: true,
      headline: target.headline,
      forecast: target.impact.conversions_per_week,
    });
    expect(Date.parse(action.undo_until) - Date.parse(action.applied_at)).toBe(UNDO_WINDOW_MINUTES * 60_000);
    expect(sandbox.world.adStatus(PLATFORM, adOf(target))).toBe('PAUSED');
    expect((await pauses()).map((s) => s.id)).not.toContain(target.id);
    const again = await post(owner, `suggestions/${target.id}/apply/`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(SUGGESTION_MESSAGES.notOpen);

    const undone = await post(owner, `actions/${action.id}/undo/`);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({ status: 'undone', can_undo: false });
    expect(sandbox.world.adStatus(PLATFORM, adOf(target))).toBe('ACTIVE');
    expect((await pauses()).map((s) => s.id)).toContain(target.id);
    expect((await post(owner, `actions/${action.id}/undo/`)).json().detail).toBe(ACTION_MESSAGES.alreadyUndone);
  });

  it('refuses an Undo after the 10-minute window, and leaves the change in place', async () => {
    const [target] = await pauses();
    const action: ActionRecord = (await post(owner, `suggestions/${target.id}/apply/`)).json();
    clock.advance((UNDO_WINDOW_MINUTES + 1) * 60_000);
    const late = await post(owner, `actions/${action.id}/undo/`);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(ACTION_MESSAGES.undoExpired);
    expect(sandbox.world.adStatus(PLATFORM, adOf(target))).toBe('PAUSED');
  });

  it('withdraws a suggestion whose ad changed at the platform since it was computed', async () => {
    const [target] = await pauses();
    sandbox.world.setAdStatus(PLATFORM, adOf(target), 'PAUSED');
    const preview: ApplyPreview = (await get(owner, `suggestions/${target.id}/preview/`)).json();
    expect(preview.current_matches).toBe(false);
    expect(preview.current_state).toBe('Paused');
    expect(preview.detail).toBe(SUGGESTION_MESSAGES.changedSince('Paused'));
    expect((await pauses()).map((s) => s.id)).not.toContain(target.id);
    const apply = await post(owner, `suggestions/${target.id}/apply/`);
    expect(apply.statusCode).toBe(409);
    sandbox.world.setAdStatus(PLATFORM, adOf(target), 'ACTIVE');
  });

  it('a platform refusing leaves nothing half-done and says why', async () => {
    const [target] = await pauses();
    const before = await t.app.ctx.db.select().from(actions);
    sandbox.faults.add({ platform: PLATFORM, kind: 'rate_limit', times: 20, retryAfterSeconds: 30 });
    const refused = await post(owner, `suggestions/${target.id}/apply/`);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().detail).toMatch(/^LinkedIn is rate limiting requests/);
    sandbox.faults.clear();
    expect(sandbox.world.adStatus(PLATFORM, adOf(target))).toBe('ACTIVE');
    expect(await t.app.ctx.db.select().from(actions)).toHaveLength(before.length);
    const [row] = await t.app.ctx.db.select().from(suggestions).where(eq(suggestions.id, target.id));
    expect(row.status).toBe('open');
  });

  it('applies and undoes a budget change at the platform, and refuses one whose budget moved since', async () => {
    const [account] = await t.app.ctx.db
      .select()
      .from(connectedAdAccounts)
      .where(eq(connectedAdAccounts.connectionId, (await connectionOf(t.app, owner, PLATFORM)).id));
    const [campaign] = (await t.app.ctx.db.select().from(campaigns).where(eq(campaigns.accountRef, account.id))).filter(
      (c) => c.status === 'ACTIVE' && c.dailyBudgetMinor,
    );
    const from = sandbox.world.dailyBudgetMinor(PLATFORM, campaign.campaignId)!;
    const change = {
      kind: 'campaign_budget' as const,
      campaign_id: campaign.campaignId,
      campaign_name: campaign.name,
      currency: account.currency,
      from,
      to: from + 10_000,
    };
    const plant = (key: string) =>
      plantSuggestion(account, {
        type: 'scale_campaign',
        key,
        headline: `Raise the budget of ${campaign.name}`,
        change,
        impact: {
          conversions_per_week: { mid: 3, low: 1, high: 5 },
          spend_per_week: { mid: 70_000, low: 60_000, high: 70_000 },
        },
      });

    const id = await plant(`scale_campaign:${campaign.campaignId}`);
    const preview: ApplyPreview = (await get(owner, `suggestions/${id}/preview/`)).json();
    expect(preview.current_matches).toBe(true);
    expect(preview.suggestion.change_lines).toEqual([
      `LinkedIn: change the daily budget of campaign “${campaign.name}” from ${account.currency} ${(from / 100).toFixed(2)} a day to ${account.currency} ${((from + 10_000) / 100).toFixed(2)} a day`,
    ]);
    const action: ActionRecord = (await post(owner, `suggestions/${id}/apply/`)).json();
    expect(sandbox.world.dailyBudgetMinor(PLATFORM, campaign.campaignId)).toBe(from + 10_000);
    expect((await post(owner, `actions/${action.id}/undo/`)).statusCode).toBe(200);
    expect(sandbox.world.dailyBudgetMinor(PLATFORM, campaign.campaignId)).toBe(from);

    // Someone changed the budget at the platform: nothing is written, the advice is withdrawn.
    await t.app.ctx.db.update(suggestions).set({ status: 'dismissed' }).where(eq(suggestions.id, id));
    const stale = await plant(`scale_campaign:${campaign.campaignId}:again`);
    sandbox.world.setDailyBudget(PLATFORM, campaign.campaignId, from + 5_000);
    const refused = await post(owner, `suggestions/${stale}/apply/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      SUGGESTION_MESSAGES.changedSince(`${account.currency} ${((from + 5_000) / 100).toFixed(2)} a day`),
    );
    expect(sandbox.world.dailyBudgetMinor(PLATFORM, campaign.campaignId)).toBe(from + 5_000);
    sandbox.world.setDailyBudget(PLATFORM, campaign.campaignId, from);
  });

  it('moves budget between two campaigns at one go, undoes both, and sets back the first write when the platform refuses the second', async () => {
    const [account] = await t.app.ctx.db
      .select()
      .from(connectedAdAccounts)
      .where(eq(connectedAdAccounts.connectionId, (await connectionOf(t.app, owner, PLATFORM)).id));
    const [source, target] = (
      await t.app.ctx.db.select().from(campaigns).where(eq(campaigns.accountRef, account.id))
    ).filter((c) => c.status === 'ACTIVE' && c.dailyBudgetMinor);
    const budget = (id: string) => sandbox.world.dailyBudgetMinor(PLATFORM, id);
    const sourceFrom = budget(source.campaignId);
    const targetFrom = budget(target.campaignId);
    const change = {
      kind: 'move_budget' as const,
      currency: account.currency,
      amount: 1_000,
      source: { campaign_id: source.campaignId, campaign_name: source.name, from: sourceFrom, to: sourceFrom - 1_000 },
      target: { campaign_id: target.campaignId, campaign_name: target.name, from: targetFrom, to: targetFrom + 1_000 },
    };
    const plant = (key: string) =>
      plantSuggestion(account, {
        type: 'move_budget',
        key,
        headline: `Move 10.00 ${account.currency} a day from ${source.name} to ${target.name}`,
        change,
        impact: { conversions_per_week: { mid: 2, low: 1, high: 3 }, spend_per_week: { mid: 0, low: 0, high: 0 } },
      });
    const money = (minor: number) => `${account.currency} ${(minor / 100).toFixed(2)} a day`;

    const id = await plant(`move_budget:${source.campaignId}>${target.campaignId}`);
    const preview: ApplyPreview = (await get(owner, `suggestions/${id}/preview/`)).json();
    expect(preview).toMatchObject({
      current_matches: true,
      current_state: `“${source.name}”: ${money(sourceFrom)}; “${target.name}”: ${money(targetFrom)}`,
    });
    expect(preview.suggestion.change_lines).toEqual([
      `LinkedIn: lower the daily budget of campaign “${source.name}” from ${money(sourceFrom)} to ${money(sourceFrom - 1_000)}`,
      `LinkedIn: raise the daily budget of campaign “${target.name}” from ${money(targetFrom)} to ${money(targetFrom + 1_000)}`,
    ]);
    const action: ActionRecord = (await post(owner, `suggestions/${id}/apply/`)).json();
    expect([budget(source.campaignId), budget(target.campaignId)]).toEqual([sourceFrom - 1_000, targetFrom + 1_000]);
    expect(action.change_lines).toHaveLength(2);
    expect((await post(owner, `actions/${action.id}/undo/`)).statusCode).toBe(200);
    expect([budget(source.campaignId), budget(target.campaignId)]).toEqual([sourceFrom, targetFrom]);

    // The platform takes the first write and refuses the second: the first is set back, and the
    // attempt is in the log as failed, having changed nothing.
    await t.app.ctx.db.update(suggestions).set({ status: 'dismissed' }).where(eq(suggestions.id, id));
    const halfway = await plant(`move_budget:${source.campaignId}>${target.campaignId}:again`);
    const actionsBefore = (await t.app.ctx.db.select().from(actions)).length;
    refuseAfterNextBudgetWrite = true;
    const refused = await post(owner, `suggestions/${halfway}/apply/`);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().detail).toMatch(/^LinkedIn is rate limiting requests/);
    expect([budget(source.campaignId), budget(target.campaignId)]).toEqual([sourceFrom, targetFrom]);
    const logged = await t.app.ctx.db.select().from(actions).where(eq(actions.suggestionId, halfway));
    expect(await t.app.ctx.db.select().from(actions)).toHaveLength(actionsBefore + 1);
    expect(logged).toMatchObject([
      { status: 'failed', problem: expect.stringMatching(/^Nothing was changed\. LinkedIn is rate limiting requests/) },
    ]);
    const [row] = await t.app.ctx.db.select().from(suggestions).where(eq(suggestions.id, halfway));
    expect(row.status).toBe('open');

    // One of the two budgets moved at the platform since: nothing is written, the advice is withdrawn.
    sandbox.world.setDailyBudget(PLATFORM, target.campaignId, targetFrom + 5_000);
    const stale = await post(owner, `suggestions/${halfway}/apply/`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toBe(
      SUGGESTION_MESSAGES.changedSince(
        `“${source.name}”: ${money(sourceFrom)}; “${target.name}”: ${money(targetFrom + 5_000)}`,
      ),
    );
    expect(budget(source.campaignId)).toBe(sourceFrom);
    sandbox.world.setDailyBudget(PLATFORM, target.campaignId, targetFrom);
  });

  it('records a task done by hand as an action, without writing to the platform, and takes it back within the window', async () => {
    const [account] = await t.app.ctx.db
      .select()
      .from(connectedAdAccounts)
      .where(eq(connectedAdAccounts.connectionId, (await connectionOf(t.app, owner, PLATFORM)).id));
    const [campaign] = (await t.app.ctx.db.select().from(campaigns).where(eq(campaigns.accountRef, account.id))).filter(
      (c) => c.status === 'ACTIVE',
    );
    const description = `Refresh or replace the creative of “Hero” (campaign ${campaign.name}).`;
    const id = await plantSuggestion(account, {
      type: 'creative_fatigue',
      key: `creative_fatigue:planted-${campaign.campaignId}`,
      headline: 'Refresh “Hero”',
      change: { kind: 'task', description, campaign_id: campaign.campaignId },
      impact: { conversions_per_week: { mid: 2, low: 1, high: 3 }, spend_per_week: { mid: 0, low: 0, high: 0 } },
    });
    const budgetBefore = sandbox.world.dailyBudgetMinor(PLATFORM, campaign.campaignId);
    expect((await post(owner, `suggestions/${id}/apply/`)).json().detail).toBe(SUGGESTION_MESSAGES.notApplicable);

    const done = await post(owner, `suggestions/${id}/done/`);
    expect(done.statusCode).toBe(200);
    const action: ActionRecord = done.json();
    expect(action).toMatchObject({
      suggestion_id: id,
      type: 'creative_fatigue',
      by_hand: true,
      status: 'applied',
      can_undo: true,
      change_lines: [`Done by hand at LinkedIn: ${description}`],
    });
    const [row] = await t.app.ctx.db.select().from(actions).where(eq(actions.id, action.id));
    expect(row.campaignId).toBe(campaign.campaignId);
    expect((await list(owner)).items.map((s) => s.id)).not.toContain(id);
    expect((await post(owner, `suggestions/${id}/done/`)).statusCode).toBe(409);

    expect((await post(owner, `actions/${action.id}/undo/`)).json()).toMatchObject({ status: 'undone' });
    expect((await list(owner)).items.map((s) => s.id)).toContain(id);
    expect(sandbox.world.dailyBudgetMinor(PLATFORM, campaign.campaignId)).toBe(budgetBefore);
    // Only a task is done by hand: a change at the platform is applied.
    const [pause] = await pauses();
    const refused = await post(owner, `suggestions/${pause.id}/done/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(SUGGESTION_MESSAGES.notATask);
    expect((await post(other, `suggestions/${id}/done/`)).statusCode).toBe(404);
    await t.app.ctx.db.update(suggestions).set({ status: 'dismissed' }).where(eq(suggestions.id, id));
  });

  it('dismisses with a reason and snoozes for 7 days', async () => {
    const [first, second] = (await list(owner)).items;
    const bad = await post(owner, `suggestions/${first.id}/dismiss/`, { reason: 'bored' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('Choose why you are dismissing this suggestion.');
    const dismissed = await post(owner, `suggestions/${first.id}/dismiss/`, {
      reason: 'disagree',
      note: 'Seasonal creative',
    });
    expect(dismissed.json()).toMatchObject({ status: 'dismissed' });
    const snoozed = await post(owner, `suggestions/${second.id}/snooze/`);
    expect(snoozed.json()).toMatchObject({ status: 'snoozed' });
    let ids = (await list(owner)).items.map((s) => s.id);
    expect(ids).not.toContain(first.id);
    expect(ids).not.toContain(second.id);
    // A recompute keeps the user's decisions.
    await t.app.services.suggestions.computeConnection((await connectionOf(t.app, owner, PLATFORM)).id);
    ids = (await list(owner)).items.map((s) => s.id);
    expect(ids).not.toContain(first.id);
    expect(ids).not.toContain(second.id);
  });

  it('answers an id that is not one with a 404 and its detail', async () => {
    expect((await get(owner, 'suggestions/x/preview/')).json()).toMatchObject({ detail: SUGGESTION_MESSAGES.notFound });
    expect((await post(owner, 'suggestions/not-an-id/apply/')).statusCode).toBe(404);
    expect((await post(owner, 'actions/42/undo/')).json()).toMatchObject({ detail: ACTION_MESSAGES.notFound });
  });

  it('keeps each workspace to its own suggestions and actions', async () => {
    const [mine] = await pauses();
    for (const url of [`suggestions/${mine.id}/preview/`]) expect((await get(other, url)).statusCode).toBe(404);
    for (const url of [`suggestions/${mine.id}/apply/`, `suggestions/${mine.id}/snooze/`])
      expect((await post(other, url)).statusCode).toBe(404);
    expect((await post(other, `suggestions/${mine.id}/dismiss/`, { reason: 'other' })).statusCode).toBe(404);
    const action: ActionRecord = (await post(owner, `suggestions/${mine.id}/apply/`)).json();
    const foreignUndo = await post(other, `actions/${action.id}/undo/`);
    expect(foreignUndo.statusCode).toBe(404);
    expect(foreignUndo.json().detail).toBe(ACTION_MESSAGES.notFound);
    expect(((await get(other, 'actions/')).json() as ActionList).items.map((a) => a.id)).not.toContain(action.id);
  });

  it('measures each applied suggestion after its 7-day horizon and learns how often its type works', async () => {
    const log: ActionList = (await get(owner, 'actions/')).json();
    const applied = log.items.filter((a) => a.status === 'applied');
    expect(applied.length).toBeGreaterThanOrEqual(2);
    expect(applied.every((a) => a.outcome === null && a.applied_by.name.length > 0)).toBe(true);

    // A week on, the trial is over: this customer pays.
    await t.app.ctx.db.update(users).set({ plan: 'pro' }).where(eq(users.email, owner.email));
    clock.advance(8 * 86_400_000);
    await t.app.services.sync.syncConnection((await connectionOf(t.app, owner, PLATFORM)).id);
    // Access tokens live minutes; a week later the user signs in again.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { username: owner.email, password: owner.password },
    });
    owner.auth = { authorization: `Bearer ${login.json().access}` };
    const later: ActionList = (await get(owner, 'actions/')).json();
    for (const action of later.items.filter((a) => a.status === 'applied')) {
      expect(action.outcome).not.toBeNull();
      expect(['worked', 'no_clear_effect', 'backfired']).toContain(action.outcome!.verdict);
      expect(action.outcome!.observed.low).toBeLessThanOrEqual(action.outcome!.observed.high);
    }
    const undone = later.items.filter((a) => a.status === 'undone');
    expect(undone.every((a) => a.outcome === null)).toBe(true);
    const [record] = later.ranking;
    expect(record).toMatchObject({ type: 'pause_ad', measured: applied.length });
    expect(record.chance.low).toBeLessThan(record.chance.mid);
  });

  it('offers applied advice again once its outcome is due, if the analysis still finds it', async () => {
    const accounts = await t.app.ctx.db
      .select()
      .from(connectedAdAccounts)
      .where(eq(connectedAdAccounts.connectionId, (await connectionOf(t.app, owner, PLATFORM)).id));
    const [row] = await t.app.ctx.db
      .select()
      .from(suggestions)
      .where(
        and(
          inArray(
            suggestions.accountRef,
            accounts.map((a) => a.id),
          ),
          eq(suggestions.status, 'applied'),
        ),
      );
    const account = accounts.find((a) => a.id === row.accountRef)!;
    const stillFound: Finding = {
      type: row.type as Finding['type'],
      key: row.key,
      level: 'campaign',
      entityId: 'still',
      entityName: 'Still',
      campaignId: null,
      headline: row.headline,
      confidence: 0.995,
      evidence: [],
      impact: { conversionsPerWeek: { mid: 1, low: 0.5, high: 2 }, spendPerWeek: { mid: 0, low: 0, high: 0 } },
      change: { kind: 'task', description: 'Still true a week on.' },
    };
    const { series } = await loadAccountSeries(t.app.ctx.db, account, clock.now());
    const statusAfterRun = async (appliedDaysAgo: number) => {
      await t.app.ctx.db
        .update(suggestions)
        .set({ status: 'applied', updatedAt: new Date(clock.now().getTime() - appliedDaysAgo * 86_400_000) })
        .where(eq(suggestions.id, row.id));
      await storeFindings(t.app.ctx.db, account, series, { findings: [stillFound], learning: [] }, clock.now());
      return (await t.app.ctx.db.select().from(suggestions).where(eq(suggestions.id, row.id)))[0].status;
    };
    // Applied yesterday: its outcome is not in yet, the advice stays applied.
    expect(await statusAfterRun(1)).toBe('applied');
    // Applied eight days ago and still found: offered again.
    expect(await statusAfterRun(8)).toBe('open');
  });
});
