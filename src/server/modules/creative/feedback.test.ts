import { type RunningSandbox, startSandbox } from '@sandbox/sandbox';
import type { CreativeAnalysis } from '@shared/api/creative';
import type { CreativeFeedbackView } from '@shared/api/creativeFeedback';
import { eq, sql } from 'drizzle-orm';

import { OVERALL_WEIGHTS } from '../../analysis/creative/textScore';
import { REFIT_PARAMS } from '../../analysis/creative/workspaceRefit';
import { executeRows } from '../../db/connect';
import { connectedAdAccounts, creativeWorkspaceModels } from '../../db/schema';
import { jobDefinition } from '../../jobs/registry';
import { sandboxSettings } from '../../platforms/settings';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import { connectionOf, connectVia } from '../../test/connect';
import { signUp, type TestUser } from '../../test/factories';
import { SYNCED_SETUP_TIMEOUT_MS } from '../../test/tenants';
import { CREATIVE_REFIT_DELAY_MS, CREATIVE_REFIT_JOB } from './feedback.service';

describe('The Creative Analyzer’s feedback loop (creative/feedback/)', () => {
  let t: TestApp;
  let sandbox: RunningSandbox;
  let owner: TestUser;
  let workspaceId: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 42, sleep: async () => {} });
    t = await buildTestApp({
      workers: false,
      config: { platforms: sandboxSettings(sandbox.url), sandbox: { mode: 'external', url: sandbox.url } },
    });
    // A trial workspace with every Meta account of the world connected and synced: enough launched ads to refit on.
    owner = await signUp(t.app);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/start-trial/', headers: owner.auth, payload: {} })).statusCode,
    ).toBe(200);
    const outcome = await connectVia(t.app, owner, 'meta', {
      accountIds: sandbox.world.accounts('meta').map((a) => a.id),
    });
    expect(outcome.invite_status).toBe('ALREADY_LINKED');
    const connection = await connectionOf(t.app, owner, 'meta');
    expect((await t.app.services.sync.syncConnection(connection.id)).status).toBe('done');
    [{ workspaceId }] = await t.app.ctx.db
      .select({ workspaceId: connectedAdAccounts.workspaceId })
      .from(connectedAdAccounts)
      .where(eq(connectedAdAccounts.connectionId, connection.id));
  }, SYNCED_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  const get = (user: TestUser) => t.app.inject({ method: 'GET', url: '/api/creative/feedback/', headers: user.auth });
  const refit = (user: TestUser) =>
    t.app.inject({ method: 'POST', url: '/api/creative/feedback/refit/', headers: user.auth });
  const analyze = (user: TestUser) =>
    t.app.inject({
      method: 'POST',
      url: '/api/creative/analyze/',
      headers: user.auth,
      payload: {
        placement: 'meta_feed',
        headlines: ['Plan your week in 10 minutes'],
        primary_text: 'Join 2,000 teams who ship on time.',
        description: '',
        cta: 'Sign up',
        landing_url: 'https://example.com',
      },
    });

  it('says what a refit needs before there is one, and shows the global weights', async () => {
    const fresh = await signUp(t.app);
    await t.app.inject({ method: 'POST', url: '/api/start-trial/', headers: fresh.auth, payload: {} });
    const res = await get(fresh);
    expect(res.statusCode).toBe(200);
    const view: CreativeFeedbackView = res.json();
    expect(view).toMatchObject({
      state: 'never',
      min_ads: REFIT_PARAMS.minAds,
      min_campaigns: REFIT_PARAMS.minCampaigns,
      ads: 0,
      fitted_at: null,
      applied: false,
      evaluation: null,
    });
    expect(view.weights.map((w) => [w.key, w.global, w.workspace])).toEqual(
      Object.entries(OVERALL_WEIGHTS).map(([key, weight]) => [key, weight, null]),
    );
    expect(view.weights.find((w) => w.key === 'headlineModel')!.label).toBe('Headline model (A/B tests)');
    expect(view.summary).toContain(`${REFIT_PARAMS.minAds} launched ads`);
    // A workspace without ads refit: counted, not fitted, and still scored with the global weights.
    const empty: CreativeFeedbackView = (await refit(fresh)).json();
    expect(empty).toMatchObject({ state: 'not_enough', ads: 0, campaigns: 0, applied: false });
    expect(empty.summary).toContain('Until then the global weights score your copy.');
  });

  it('refits on the workspace’s launched ads, judged on campaigns held out of the fit, and keeps the result', async () => {
    const res = await refit(owner);
    expect(res.statusCode).toBe(200);
    const view: CreativeFeedbackView = res.json();
    expect(view.state).toBe('fitted');
    expect(view.ads).toBeGreaterThanOrEqual(REFIT_PARAMS.minAds);
    expect(view.campaigns).toBeGreaterThanOrEqual(REFIT_PARAMS.minCampaigns);
    const total = view.weights.reduce((s, w) => s + w.workspace!, 0);
    expect(total).toBeCloseTo(1, 6);
    for (const w of view.weights) expect(w.workspace).toBeGreaterThanOrEqual(0);
    expect(view.evaluation).not.toBeNull();
    const evaluation = view.evaluation!;
    expect(evaluation.ads).toBeLessThanOrEqual(view.ads);
    for (const rho of [evaluation.workspace, evaluation.global]) expect(Math.abs(rho)).toBeLessThanOrEqual(1);
    // Applied exactly when the refit ranked the held-out ads better, and the screen says which.
    expect(view.applied).toBe(evaluation.workspace > evaluation.global);
    expect(view.summary).toContain(evaluation.workspace.toFixed(2));
    expect(view.summary).toContain(evaluation.global.toFixed(2));
    expect(view.summary).toContain(view.applied ? 'now weighs this workspace' : 'global weights still score');
    // Kept: the next read shows the same refit.
    expect((await get(owner)).json()).toEqual(view);
  });

  it('weighs the workspace’s copy with its refit only when the refit was applied', async () => {
    const weights = {
      ...Object.fromEntries(Object.keys(OVERALL_WEIGHTS).map((k) => [k, 0])),
      cta: 0.5,
      specificity: 0.5,
    };
    const evaluation = { ads: 30, campaigns: 8, workspace: 0.41, global: 0.12 };
    const model = {
      workspaceId,
      fittedAt: new Date(),
      state: 'fitted' as const,
      ads: 42,
      campaigns: 9,
      weights,
      evaluation,
      applied: true,
    };
    await t.app.ctx.db
      .insert(creativeWorkspaceModels)
      .values(model)
      .onConflictDoUpdate({ target: creativeWorkspaceModels.workspaceId, set: model });
    const applied: CreativeAnalysis = (await analyze(owner)).json();
    expect(applied.text.overall.weighting).toEqual({
      source: 'workspace',
      note: expect.stringContaining('refit on 42 of its launched ads'),
    });
    expect(applied.text.overall.weighting!.note).toContain('ranked its ads at 0.41');
    const parts = applied.text.overall.parts;
    expect(parts.find((p) => p.key === 'cta')!.weight).toBe(0.5);
    expect(parts.find((p) => p.key === 'clarity')!.weight).toBe(0);
    const cta = parts.find((p) => p.key === 'cta')!.score;
    const specificity = parts.find((p) => p.key === 'specificity')!.score;
    expect(applied.text.overall.score).toBe(Math.round((cta + specificity) / 2));

    await t.app.ctx.db
      .update(creativeWorkspaceModels)
      .set({ applied: false })
      .where(eq(creativeWorkspaceModels.workspaceId, workspaceId));
    const global: CreativeAnalysis = (await analyze(owner)).json();
    expect(global.text.overall.weighting!.source).toBe('global');
    expect(global.text.overall.parts.find((p) => p.key === 'cta')!.weight).toBe(OVERALL_WEIGHTS.cta);
  });

  it(
    'a sync queues one refit for the workspace, some minutes ahead, which later syncs fold into',
    async () => {
      const connection = await connectionOf(t.app, owner, 'meta');
      await t.app.ctx.db.execute(sql`delete from pgboss.job where name = ${CREATIVE_REFIT_JOB}`);
      const before = Date.now();
      expect((await t.app.services.sync.syncConnection(connection.id)).status).toBe('done');
      expect((await t.app.services.sync.syncConnection(connection.id)).status).toBe('done');
      const jobs = await executeRows<{ data: { workspaceId: string }; start_after: string | Date }>(
        t.app.ctx.db,
        sql`select data, start_after from pgboss.job where name = ${CREATIVE_REFIT_JOB}`,
      );
      expect(jobs.map((job) => job.data.workspaceId)).toEqual([workspaceId]);
      expect(new Date(jobs[0].start_after).getTime()).toBeGreaterThanOrEqual(before + CREATIVE_REFIT_DELAY_MS - 1_000);
    },
    SYNCED_SETUP_TIMEOUT_MS,
  );

  it('refits after a sync through the queue, and never for a Starter workspace', async () => {
    await t.app.ctx.db.delete(creativeWorkspaceModels).where(eq(creativeWorkspaceModels.workspaceId, workspaceId));
    const job = jobDefinition(t.app.ctx, t.app.services, CREATIVE_REFIT_JOB);
    expect(job.id).toBe(CREATIVE_REFIT_JOB);
    await job.handler({ workspaceId }, { jobId: 'test', log: t.app.log, lastTry: false });
    const [row] = await t.app.ctx.db
      .select()
      .from(creativeWorkspaceModels)
      .where(eq(creativeWorkspaceModels.workspaceId, workspaceId));
    expect(row.state).toBe('fitted');

    const starter = await signUp(t.app);
    const res = await get(starter);
    expect(res.statusCode).toBe(403);
    expect((await refit(starter)).statusCode).toBe(403);
  });
});
