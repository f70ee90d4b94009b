import { type RunningSandbox, startSandbox } from '@sandbox/sandbox';
import { ACTION_MESSAGES, type ActionRecord, UNDO_WINDOW_MINUTES } from '@shared/api/actions';
import { ErrorCode } from '@shared/api/errors';
import { SUGGESTION_MESSAGES, type SuggestionChange } from '@shared/api/suggestions';
import { eq } from 'drizzle-orm';

import { actions, campaigns, connectedAdAccounts, suggestions } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { sandboxSettings } from '../../platforms/settings';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import { connectionOf } from '../../test/connect';
import type { TestUser } from '../../test/factories';
import { recordingRuntime } from '../../test/platforms';
import { SANDBOX_TEST_START } from '../../test/sandboxDay';
import { stopAfterCommits } from '../../test/stopAfterCommits';
import { SYNCED_SETUP_TIMEOUT_MS, syncedTenant } from '../../test/tenants';
import { STALE_AFTER_MS } from './actions.heartbeat';
import { RECONCILE_NOTES } from './actions.reconciler';
import type { JournalStep } from './actions.steps';

/**
 * The write seam against the sandbox's Google Ads: a change is recorded before the first platform
 * call, each step as it lands; a platform that fails half-way (and fails the set-back too) leaves
 * a partly applied action saying what is at the platform, which Retry finishes and Undo sets
 * back; a process that dies between the steps leaves a run the reconciler settles from what the
 * platform holds. After every one of these the platform and the actions log agree.
 */
describe('the actions log: journaled writes to the platforms', () => {
  const PLATFORM = 'google';
  let t: TestApp;
  let sandbox: RunningSandbox;
  let owner: TestUser;
  let account: typeof connectedAdAccounts.$inferSelect;
  const clock = manualClock(SANDBOX_TEST_START);
  /** Armed by a test: the platform takes this many more writes, then fails every request (writes, set-backs, reads) until its faults are cleared. */
  let writesBeforeOutage: number | null = null;
  /** Armed by a test: writes reach the platform but their answers are lost (as on a timeout); with 'then reads', every read after the first lost answer fails too. */
  let loseWriteAnswers: null | 'writes' | 'writes, then reads' = null;
  let readsLost = false;
  /** Armed by a test: the next write, or read of the platform's state, after `skip` more waits here until the test lets it go. */
  const holds: Partial<Record<'write' | 'read', Hold>> = {};

  const isWrite = (input: RequestInfo | URL) => String(input).includes(':mutate');
  const isStateRead = (input: RequestInfo | URL) => String(input).includes('googleAds:searchStream');

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 42, sleep: async () => {}, now: () => clock.now() });
    t = await buildTestApp({
      workers: false,
      clock,
      platformRuntime: recordingRuntime({
        fetch: async (input, init) => {
          const kind = isWrite(input) ? 'write' : isStateRead(input) ? 'read' : null;
          const held = kind && holds[kind];
          if (held) {
            if (held.skip > 0) held.skip -= 1;
            else {
              delete holds[kind];
              await held.wait();
            }
          }
          if (isWrite(input) && writesBeforeOutage !== null) {
            if (writesBeforeOutage === 0) {
              writesBeforeOutage = null;
              sandbox.faults.add({ platform: PLATFORM, kind: 'server_error', times: 100_000 });
            } else writesBeforeOutage -= 1;
          }
          if (readsLost && isStateRead(input)) throw new TypeError('fetch failed');
          const response = await fetch(input, init);
          if (loseWriteAnswers && isWrite(input)) {
            readsLost = loseWriteAnswers === 'writes, then reads';
            throw new TypeError('fetch failed');
          }
          return response;
        },
      }),
      config: { platforms: sandboxSettings(sandbox.url), sandbox: { mode: 'external', url: sandbox.url } },
    });
    owner = (await syncedTenant(t, sandbox, PLATFORM, 0)).user;
    const connection = await connectionOf(t.app, owner, PLATFORM);
    [account] = await t.app.ctx.db
      .select()
      .from(connectedAdAccounts)
      .where(eq(connectedAdAccounts.connectionId, connection.id));
  }, SYNCED_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });
  afterEach(() => {
    writesBeforeOutage = null;
    loseWriteAnswers = null;
    readsLost = false;
    sandbox.faults.clear();
    for (const kind of ['write', 'read'] as const) {
      holds[kind]?.release();
      delete holds[kind];
    }
    jest.restoreAllMocks();
  });

  /** Holds the next request of a kind (after `skip` more) at the platform's door: `reached` once it waits there. */
  function hold(kind: 'write' | 'read', skip = 0): Hold {
    const held = holdOf(skip);
    holds[kind] = held;
    return held;
  }

  /** Resolves once a second Apply waits for the first one's run to end (it asks for the suggestion's settled action). */
  function waitingForFirstApply(): Promise<void> {
    const service = t.app.services.actions;
    const settled = service.settledActionOfSuggestion;
    return new Promise((resolve) => {
      jest.spyOn(service, 'settledActionOfSuggestion').mockImplementation((suggestionId) => {
        resolve();
        return settled(suggestionId);
      });
    });
  }

  const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/${url}`, headers: owner.auth });
  const post = (url: string) => t.app.inject({ method: 'POST', url: `/api/${url}`, headers: owner.auth, payload: {} });
  const budget = (id: string) => sandbox.world.dailyBudgetMinor(PLATFORM, id);
  const money = (minor: number) => `${account.currency} ${(minor / 100).toFixed(2)} a day`;
  const rowOf = async (id: string) => (await t.app.ctx.db.select().from(actions).where(eq(actions.id, id)))[0];
  const suggestionStatus = async (id: string) =>
    (await t.app.ctx.db.select().from(suggestions).where(eq(suggestions.id, id)))[0].status;

  /** Two (or three) delivering campaigns with budgets of their own, as they are at the platform now. */
  async function liveCampaigns(n = 2) {
    const stored = (await t.app.ctx.db.select().from(campaigns).where(eq(campaigns.accountRef, account.id))).filter(
      (c) => c.status === 'ACTIVE' && c.dailyBudgetMinor,
    );
    return stored.slice(0, n).map((c) => ({ id: c.campaignId, name: c.name, budget: budget(c.campaignId) }));
  }

  let planted = 0;
  /** A move of budget advised as the analysis would store it. */
  async function plantMove(
    amount = 1_000,
  ): Promise<{ id: string; change: Extract<SuggestionChange, { kind: 'move_budget' }> }> {
    const [source, target] = await liveCampaigns();
    const change = {
      kind: 'move_budget' as const,
      currency: account.currency,
      amount,
      source: { campaign_id: source.id, campaign_name: source.name, from: source.budget, to: source.budget - amount },
      target: { campaign_id: target.id, campaign_name: target.name, from: target.budget, to: target.budget + amount },
    };
    planted += 1;
    const [row] = await t.app.ctx.db
      .insert(suggestions)
      .values({
        workspaceId: account.workspaceId,
        accountRef: account.id,
        platform: PLATFORM,
        type: 'move_budget',
        key: `move_budget:test:${planted}`,
        headline: `Move budget from ${source.name} to ${target.name}`,
        confidence: 0.95,
        body: {
          evidence: [],
          chart: null,
          impact: { conversions_per_week: { mid: 2, low: 1, high: 3 }, spend_per_week: { mid: 0, low: 0, high: 0 } },
          change,
        },
        score: 2,
        computedAt: clock.now(),
      })
      .returning({ id: suggestions.id });
    return { id: row.id, change };
  }

  /** Every step of the action, against the platform: what the log says is there is there. */
  async function expectAgreement(actionId: string) {
    const row = await rowOf(actionId);
    const steps = row.steps as JournalStep[];
    expect(steps.map((step) => budget(step.entity_id))).toEqual(
      steps.map((step) => (step.at === 'to' ? step.to : step.from)),
    );
    expect(steps.every((step) => step.at === 'to' || step.at === 'from')).toBe(true);
    return row;
  }

  /** Puts the two campaigns back where they were. */
  const restore = (change: Extract<SuggestionChange, { kind: 'move_budget' }>) => {
    sandbox.world.setDailyBudget(PLATFORM, change.source.campaign_id, change.source.from);
    sandbox.world.setDailyBudget(PLATFORM, change.target.campaign_id, change.target.from);
  };

  it('records a move taken in part with what is at the platform, never withdraws the advice for it, and Retry finishes it', async () => {
    const { id, change } = await plantMove();
    writesBeforeOutage = 1;
    const applied = await post(`suggestions/${id}/apply/`);
    expect(applied.statusCode).toBe(502);
    const body = applied.json();
    expect(body.code).toBe(ErrorCode.PartiallyApplied);
    expect(body.detail).toBe(
      `Google Ads: we lowered the daily budget of campaign “${change.source.campaign_name}” from ${money(change.source.from)} to ${money(change.source.to)} but could not raise the daily budget of campaign “${change.target.campaign_name}” from ${money(change.target.from)} to ${money(change.target.to)} (it is still ${money(change.target.from)}).`,
    );
    expect([budget(change.source.campaign_id), budget(change.target.campaign_id)]).toEqual([
      change.source.to,
      change.target.from,
    ]);
    const action: ActionRecord = (await get(`actions/${body.action_id}/`)).json();
    expect(action).toMatchObject({
      status: 'partially_applied',
      suggestion_id: id,
      can_retry: true,
      can_undo: true,
      problem: body.detail,
    });
    expect(action.steps.map((step) => step.state)).toEqual(['done', 'not_done']);
    expect((await get('actions/')).json().items.map((item: ActionRecord) => item.id)).toContain(action.id);
    await expectAgreement(action.id);

    // Asking again is never "changed since": the advice is Adwise's own half-made change, not withdrawn.
    const again = await post(`suggestions/${id}/apply/`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(SUGGESTION_MESSAGES.notOpen);
    expect(await suggestionStatus(id)).toBe('applied');

    sandbox.faults.clear();
    const retried = await post(`actions/${action.id}/retry/`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'applied', problem: null, can_retry: false, can_undo: true });
    expect([budget(change.source.campaign_id), budget(change.target.campaign_id)]).toEqual([
      change.source.to,
      change.target.to,
    ]);
    await expectAgreement(action.id);
    expect((await post(`actions/${action.id}/retry/`)).json().detail).toBe(ACTION_MESSAGES.notPartial);
    restore(change);
  });

  it('Undo sets a move taken in part back, and the advice stands again', async () => {
    const { id, change } = await plantMove();
    writesBeforeOutage = 1;
    const { action_id: actionId } = (await post(`suggestions/${id}/apply/`)).json();
    sandbox.faults.clear();
    // Past the ten minutes: a change left half made can always be set back.
    clock.advance((UNDO_WINDOW_MINUTES + 1) * 60_000);
    const undone = await post(`actions/${actionId}/undo/`);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({ status: 'undone', can_undo: false, can_retry: false });
    expect([budget(change.source.campaign_id), budget(change.target.campaign_id)]).toEqual([
      change.source.from,
      change.target.from,
    ]);
    await expectAgreement(actionId);
    expect(await suggestionStatus(id)).toBe('open');
    await t.app.ctx.db.update(suggestions).set({ status: 'dismissed' }).where(eq(suggestions.id, id));
  });

  it('whichever write the platform fails at, applying and undoing a move leave the platform and the log agreeing', async () => {
    for (const cutOff of [0, 1, 2]) {
      const { id, change } = await plantMove(500 + cutOff);
      writesBeforeOutage = cutOff;
      const applied = await post(`suggestions/${id}/apply/`);
      sandbox.faults.clear();
      const [row] = await t.app.ctx.db.select().from(actions).where(eq(actions.suggestionId, id));
      const expected = ['failed', 'partially_applied', 'applied'][cutOff];
      expect({ cutOff, status: row.status, http: applied.statusCode }).toEqual({
        cutOff,
        status: expected,
        http: [502, 502, 200][cutOff],
      });
      await expectAgreement(row.id);
      expect(await suggestionStatus(id)).toBe(cutOff === 0 ? 'open' : 'applied');
      if (cutOff === 0) expect(row.problem).toMatch(/^Nothing was changed\. Google Ads is not answering right now/);
      if (cutOff === 1) await post(`actions/${row.id}/retry/`);

      // The undo (the target lowered first, then the source raised), cut off after each of its writes.
      for (const undoCutOff of [0, 1]) {
        if ((await rowOf(row.id)).status !== 'applied') break;
        writesBeforeOutage = undoCutOff;
        const undo = await post(`actions/${row.id}/undo/`);
        sandbox.faults.clear();
        const after = await expectAgreement(row.id);
        expect({ cutOff, undoCutOff, http: undo.statusCode, status: after.status }).toEqual({
          cutOff,
          undoCutOff,
          http: 502,
          status: undoCutOff === 0 ? 'applied' : 'partially_applied',
        });
        if (undoCutOff === 1) {
          expect(undo.json().detail).toBe(
            `Google Ads: we set campaign “${change.target.campaign_name}” back to ${money(change.target.from)} but could not set campaign “${change.source.campaign_name}” back to ${money(change.source.from)} (it is still ${money(change.source.to)}).`,
          );
        }
      }
      if ((await rowOf(row.id)).status !== 'failed')
        expect((await post(`actions/${row.id}/undo/`)).statusCode).toBe(200);
      await expectAgreement(row.id);
      restore(change);
      await t.app.ctx.db.update(suggestions).set({ status: 'dismissed' }).where(eq(suggestions.id, id));
    }
  });

  it('an optimizer plan cut off after each of its writes is recorded as it landed', async () => {
    const live = await liveCampaigns(3);
    // Two cuts and one raise at the same total: written cuts first.
    const changes = [
      { campaign_id: live[0].id, from: live[0].budget, to: live[0].budget - 300 },
      { campaign_id: live[1].id, from: live[1].budget, to: live[1].budget - 200 },
      { campaign_id: live[2].id, from: live[2].budget, to: live[2].budget + 500 },
    ];
    for (const cutOff of [1, 2]) {
      writesBeforeOutage = cutOff;
      const applied = await t.app.inject({
        method: 'POST',
        url: '/api/optimizer/apply/',
        headers: owner.auth,
        payload: { account: account.id, changes, objective: 'conversions', max_step: 0.2 },
      });
      sandbox.faults.clear();
      expect(applied.statusCode).toBe(502);
      expect(applied.json()).toMatchObject({ code: ErrorCode.PartiallyApplied });
      const row = await expectAgreement(applied.json().action_id);
      expect((row.steps as JournalStep[]).map((step) => step.at)).toEqual(
        cutOff === 1 ? ['to', 'from', 'from'] : ['to', 'to', 'from'],
      );
      expect(row.status).toBe('partially_applied');
      expect((await post(`actions/${row.id}/undo/`)).statusCode).toBe(200);
      expect(live.map((c) => budget(c.id))).toEqual(live.map((c) => c.budget));
    }
  });

  const dieAfterCommits = (commits: number) => stopAfterCommits(t.app.ctx.db, commits);

  it('a process that stops between the steps leaves the run to the reconciler, which sets it back', async () => {
    const { id, change } = await plantMove();
    // The write-ahead commits; the source is written at the platform and the process stops before recording it.
    const revive = dieAfterCommits(1);
    const applied = await post(`suggestions/${id}/apply/`);
    revive();
    expect(applied.statusCode).toBe(500);
    const [row] = await t.app.ctx.db.select().from(actions).where(eq(actions.suggestionId, id));
    expect(row.status).toBe('applying');
    expect([budget(change.source.campaign_id), budget(change.target.campaign_id)]).toEqual([
      change.source.to,
      change.target.from,
    ]);

    // A run whose heartbeat is fresh is not touched.
    expect(await t.app.services.actions.reconcile()).toMatchObject({ checked: 0 });
    clock.advance(STALE_AFTER_MS + 1_000);
    expect(await t.app.services.actions.reconcile()).toMatchObject({ checked: 1, setBack: 1 });
    const settled = await expectAgreement(row.id);
    expect(settled).toMatchObject({ status: 'failed', note: RECONCILE_NOTES.setBack('Google Ads') });
    expect([budget(change.source.campaign_id), budget(change.target.campaign_id)]).toEqual([
      change.source.from,
      change.target.from,
    ]);
    // Nothing changed: the advice stands again and can be applied.
    expect(await suggestionStatus(id)).toBe('open');
    expect((await get(`actions/${row.id}/`)).json()).toMatchObject({
      status: 'failed',
      note: RECONCILE_NOTES.setBack('Google Ads'),
      can_undo: false,
      can_retry: false,
    });
    expect((await post(`suggestions/${id}/apply/`)).statusCode).toBe(200);
    restore(change);
  });

  it('a process that stops after the last step leaves a run the reconciler finds complete', async () => {
    const { id, change } = await plantMove();
    // The write-ahead and both steps commit; the process stops before the action's end is written.
    const revive = dieAfterCommits(3);
    expect((await post(`suggestions/${id}/apply/`)).statusCode).toBe(500);
    revive();
    clock.advance(STALE_AFTER_MS + 1_000);
    expect(await t.app.services.actions.reconcile()).toMatchObject({ checked: 1, finished: 1 });
    const [row] = await t.app.ctx.db.select().from(actions).where(eq(actions.suggestionId, id));
    expect(row).toMatchObject({ status: 'applied', note: RECONCILE_NOTES.finished('Google Ads', 'apply') });
    await expectAgreement(row.id);
    expect(await suggestionStatus(id)).toBe('applied');
    expect((await post(`actions/${row.id}/undo/`)).statusCode).toBe(200);
    restore(change);
  });

  it('a process that stops half-way through an undo leaves the change as it was before the undo', async () => {
    const { id, change } = await plantMove();
    const { id: actionId } = (await post(`suggestions/${id}/apply/`)).json();
    // The undo is claimed; the target is lowered at the platform and the process stops before recording it.
    const revive = dieAfterCommits(0);
    expect((await post(`actions/${actionId}/undo/`)).statusCode).toBe(500);
    revive();
    expect((await rowOf(actionId)).status).toBe('undoing');
    clock.advance(STALE_AFTER_MS + 1_000);
    expect(await t.app.services.actions.reconcile()).toMatchObject({ checked: 1, setBack: 1 });
    expect(await expectAgreement(actionId)).toMatchObject({ status: 'applied' });
    expect([budget(change.source.campaign_id), budget(change.target.campaign_id)]).toEqual([
      change.source.to,
      change.target.to,
    ]);
    restore(change);
  });

  it('reads back a write whose answer was lost; one it cannot read back is settled by the reconciler once the platform answers', async () => {
    const first = await plantMove();
    loseWriteAnswers = 'writes';
    const applied = await post(`suggestions/${first.id}/apply/`);
    loseWriteAnswers = null;
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ status: 'applied' });
    await expectAgreement(applied.json().id);
    restore(first.change);

    const second = await plantMove(700);
    loseWriteAnswers = 'writes, then reads';
    const unknown = await post(`suggestions/${second.id}/apply/`);
    loseWriteAnswers = null;
    readsLost = false;
    expect(unknown.statusCode).toBe(502);
    expect(unknown.json()).toMatchObject({
      code: ErrorCode.PartiallyApplied,
      detail: ACTION_MESSAGES.checking('Google Ads'),
    });
    const row = await rowOf(unknown.json().action_id);
    expect(row).toMatchObject({ status: 'applying', heartbeatAt: null });
    // Left for the reconciler at once (no heartbeat): it finds the source written and sets it back.
    expect(await t.app.services.actions.reconcile()).toMatchObject({ checked: 1 });
    expect(await expectAgreement(row.id)).toMatchObject({ status: 'failed' });
    expect([budget(second.change.source.campaign_id), budget(second.change.target.campaign_id)]).toEqual([
      second.change.source.from,
      second.change.target.from,
    ]);
  });

  it('three Applies of one suggestion at once write once and answer with one action; two Undos undo once', async () => {
    const { id, change } = await plantMove();
    const answers = await Promise.all([1, 2, 3].map(() => post(`suggestions/${id}/apply/`)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    expect(await t.app.ctx.db.select().from(actions).where(eq(actions.suggestionId, id))).toHaveLength(1);
    const actionId = answers[0].json().id;
    const undos = await Promise.all([1, 2].map(() => post(`actions/${actionId}/undo/`)));
    expect(undos.map((undo) => undo.statusCode).sort()).toEqual([200, 409]);
    await expectAgreement(actionId);
    expect([budget(change.source.campaign_id), budget(change.target.campaign_id)]).toEqual([
      change.source.from,
      change.target.from,
    ]);
  });

  it('an Apply that finds the suggestion claimed by another Apply, still writing, answers with that action', async () => {
    const { id, change } = await plantMove();
    const write = hold('write');
    const first = post(`suggestions/${id}/apply/`);
    await write.reached;
    const waiting = waitingForFirstApply();
    const second = post(`suggestions/${id}/apply/`);
    await Promise.race([waiting, second]);
    write.release();
    const answers = await Promise.all([first, second]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers[1].json().id).toBe(answers[0].json().id);
    expect(answers[1].json()).toMatchObject({ status: 'applied' });
    expect(await t.app.ctx.db.select().from(actions).where(eq(actions.suggestionId, id))).toHaveLength(1);
    expect(budget(change.target.campaign_id)).toBe(change.target.to);
    restore(change);
  });

  it('an Apply that reads the platform after another Apply of the suggestion wrote it answers with that action and never withdraws the advice', async () => {
    const { id, change } = await plantMove();
    const read = hold('read');
    const second = post(`suggestions/${id}/apply/`);
    await read.reached;
    const first = await post(`suggestions/${id}/apply/`);
    expect(first.statusCode).toBe(200);
    read.release();
    const answer = await second;
    expect(answer.statusCode).toBe(200);
    expect(answer.json().id).toBe(first.json().id);
    expect(await suggestionStatus(id)).toBe('applied');
    expect(await t.app.ctx.db.select().from(actions).where(eq(actions.suggestionId, id))).toHaveLength(1);
    restore(change);
  });

  it('an Apply that reads the platform half-way through another Apply of the suggestion waits for it and answers with its action', async () => {
    const { id, change } = await plantMove();
    const read = hold('read');
    const second = post(`suggestions/${id}/apply/`);
    await read.reached;
    const secondWrite = hold('write', 1);
    const first = post(`suggestions/${id}/apply/`);
    await secondWrite.reached;
    const waiting = waitingForFirstApply();
    read.release();
    await Promise.race([waiting, second]);
    secondWrite.release();
    const answers = await Promise.all([first, second]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers[1].json().id).toBe(answers[0].json().id);
    expect(await suggestionStatus(id)).toBe('applied');
    expect([budget(change.source.campaign_id), budget(change.target.campaign_id)]).toEqual([
      change.source.to,
      change.target.to,
    ]);
    restore(change);
  });

  it('another suggestion over a campaign with an unfinished change is held, not withdrawn', async () => {
    const first = await plantMove();
    writesBeforeOutage = 1;
    const { action_id: actionId } = (await post(`suggestions/${first.id}/apply/`)).json();
    sandbox.faults.clear();
    // Advice computed before the half-made change, over the same campaigns.
    const second = await plantMove();
    await t.app.ctx.db
      .update(suggestions)
      .set({
        body: {
          ...((await t.app.ctx.db.select().from(suggestions).where(eq(suggestions.id, first.id)))[0].body as object),
        },
      })
      .where(eq(suggestions.id, second.id));
    const preview = await get(`suggestions/${second.id}/preview/`);
    expect(preview.statusCode).toBe(409);
    expect(preview.json().detail).toBe(SUGGESTION_MESSAGES.ownChangeOpen);
    expect(await suggestionStatus(second.id)).toBe('open');
    expect((await post(`actions/${actionId}/undo/`)).statusCode).toBe(200);
    restore(first.change);
  });
});

/** A door a platform request waits at until the test opens it. */
interface Hold {
  /** Requests of the kind still let through before the one held. */
  skip: number;
  /** Resolves once the held request waits. */
  reached: Promise<void>;
  wait: () => Promise<void>;
  release: () => void;
}

function holdOf(skip: number): Hold {
  let arrive!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((resolve) => (arrive = resolve));
  const opened = new Promise<void>((resolve) => (release = resolve));
  return {
    skip,
    reached,
    wait: () => {
      arrive();
      return opened;
    },
    release,
  };
}
