import { type RunningSandbox, startSandbox } from '@sandbox/sandbox';
import { CREATIVE_MESSAGES } from '@shared/api/creative';
import { POST_LAUNCH_MESSAGES, type PostLaunchAdImage, type PostLaunchView } from '@shared/api/creativePostLaunch';
import { POST_LAUNCH_VALIDATION } from '@shared/validation/creativePostLaunch';
import { eq } from 'drizzle-orm';

import { readImage } from '../../analysis/creativeImage/imageInput';
import { fitWorkspaceFatigue } from '../../analysis/fatigueCurve';
import { ads, connectedAdAccounts } from '../../db/schema';
import { sandboxSettings } from '../../platforms/settings';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import { connectionOf } from '../../test/connect';
import { signUp, type TestUser } from '../../test/factories';
import { SYNCED_SETUP_TIMEOUT_MS, syncedTenant } from '../../test/tenants';
import { loadAccountSeries } from '../metrics/accountSeries.queries';
import { scoreAccount, workspaceWear } from './postLaunch.scoring';

describe('Post-launch creative scores (creative/post-launch/)', () => {
  let t: TestApp;
  let sandbox: RunningSandbox;
  let owner: TestUser;
  let other: TestUser;
  let accountId: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 42, sleep: async () => {} });
    t = await buildTestApp({
      workers: false,
      config: { platforms: sandboxSettings(sandbox.url), sandbox: { mode: 'external', url: sandbox.url } },
    });
    owner = (await syncedTenant(t, sandbox, 'meta', 0)).user;
    other = (await syncedTenant(t, sandbox, 'meta', 1)).user;
    const connection = await connectionOf(t.app, owner, 'meta');
    [{ id: accountId }] = await t.app.ctx.db
      .select({ id: connectedAdAccounts.id })
      .from(connectedAdAccounts)
      .where(eq(connectedAdAccounts.connectionId, connection.id));
  }, SYNCED_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url: `/api/${url}`, headers: user.auth });

  it('scores each delivering ad against its own campaign, withholds scores below the spend floor, and carries the synced creative', async () => {
    const res = await get(owner, `creative/post-launch/?account=${accountId}`);
    expect(res.statusCode).toBe(200);
    const view: PostLaunchView = res.json();
    expect(view).toMatchObject({
      accounts: [{ id: accountId }],
      account: { id: accountId, platform: 'meta' },
      objective: 'cpa',
      placement: 'meta_feed',
      spend_floor: expect.any(Number),
    });
    // Without an account named, the workspace's first is scored.
    expect(((await get(owner, 'creative/post-launch/')).json() as PostLaunchView).account?.id).toBe(accountId);
    expect(view.spend_floor).toBeGreaterThan(0);
    expect(view.campaigns.length).toBeGreaterThan(0);
    const every = view.campaigns.flatMap((c) => c.ads);
    const scored = every.filter((ad) => ad.enough_data);
    expect(scored.length).toBeGreaterThan(0);
    for (const ad of scored) {
      for (const score of [ad.overall!, ad.hook!, ad.conversion!, ad.efficiency!]) {
        expect(score.score).toBeGreaterThanOrEqual(1);
        expect(score.score).toBeLessThanOrEqual(100);
        expect(score.low).toBeLessThanOrEqual(score.score);
        expect(score.high).toBeGreaterThanOrEqual(score.score);
        expect(score.explanation).not.toBe('');
      }
      expect(ad.spend).toBeGreaterThanOrEqual(view.spend_floor);
    }
    // Below the floor: the counts, no scores.
    for (const ad of every.filter((a) => a.withheld === 'below_spend_floor')) {
      expect(ad.spend).toBeLessThan(view.spend_floor);
      expect([ad.overall, ad.hook, ad.conversion, ad.efficiency]).toEqual([null, null, null, null]);
    }
    // Within a campaign the best overall comes first.
    for (const campaign of view.campaigns) {
      const scores = campaign.ads.filter((a) => a.overall).map((a) => a.overall!.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
    // The creative as synced from the platform.
    expect(
      every.some((ad) => ad.creative !== null && ad.creative.headlines.length > 0 && ad.creative.imageUrl !== null),
    ).toBe(true);
  });

  it("starts each ad from the workspace's wear by age, learnt from all its accounts' synced series", async () => {
    const db = t.app.ctx.db;
    const now = t.app.ctx.clock.now();
    const [account] = await db.select().from(connectedAdAccounts).where(eq(connectedAdAccounts.id, accountId));
    const wear = await workspaceWear(db, [account], now);
    const { series, lag } = await loadAccountSeries(db, account, now);
    expect(wear).toEqual(fitWorkspaceFatigue([{ account: series, lag }]));
    // The route scores with it: the same overall scores as scoring the account with the workspace's wear.
    const view: PostLaunchView = (await get(owner, `creative/post-launch/?account=${accountId}`)).json();
    const { campaigns } = await scoreAccount(db, account, now, 'cpa', wear);
    const overall = (list: { ads: { overall: { score: number } | null }[] }[]) =>
      list.flatMap((c) => c.ads.map((a) => a.overall?.score ?? null)).sort();
    expect(overall(view.campaigns)).toEqual(overall(campaigns));
  });

  it('fetches a synced ad’s image from where its platform serves it, checked like an upload', async () => {
    const [withImage] = await t.app.ctx.db.select({ adId: ads.adId }).from(ads).where(eq(ads.accountRef, accountId));
    const res = await get(
      owner,
      `creative/post-launch/image/?account=${accountId}&ad=${encodeURIComponent(withImage.adId)}`,
    );
    expect(res.statusCode).toBe(200);
    const image: PostLaunchAdImage = res.json();
    expect(image.content_type).toBe('image/png');
    const read = await readImage(Buffer.from(image.base64, 'base64'));
    expect(read.ok).toBe(true);
  });

  it('refuses an image address the platform did not give (no fetching of arbitrary hosts)', async () => {
    const [row] = await t.app.ctx.db
      .select({ adId: ads.adId, creative: ads.creative })
      .from(ads)
      .where(eq(ads.accountRef, accountId));
    await t.app.ctx.db
      .update(ads)
      .set({ creative: { ...row.creative!, imageUrl: 'http://169.254.169.254/latest/meta-data/' } })
      .where(eq(ads.adId, row.adId));
    const res = await get(owner, `creative/post-launch/image/?account=${accountId}&ad=${encodeURIComponent(row.adId)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(POST_LAUNCH_MESSAGES.noImage);
    await t.app.ctx.db.update(ads).set({ creative: row.creative }).where(eq(ads.adId, row.adId));
  });

  it('keeps each workspace to its own accounts and checks its input', async () => {
    expect((await get(other, `creative/post-launch/?account=${accountId}`)).statusCode).toBe(404);
    const bad = await get(owner, `creative/post-launch/?account=${accountId}&objective=clicks`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe(POST_LAUNCH_VALIDATION.badObjective);
    expect((await get(owner, 'creative/post-launch/?account=not-a-uuid')).statusCode).toBe(400);
    expect((await get(owner, `creative/post-launch/image/?account=${accountId}&ad=nope`)).statusCode).toBe(404);
  });

  it('tells a workspace without a connected account that there is nothing to score', async () => {
    const fresh = await signUp(t.app);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/start-trial/', headers: fresh.auth, payload: {} })).statusCode,
    ).toBe(200);
    const res = await get(fresh, 'creative/post-launch/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accounts: [], account: null, campaigns: [] });
  });

  it('is part of Pro: a Starter workspace is told so', async () => {
    const starter = await signUp(t.app);
    const res = await get(starter, `creative/post-launch/?account=${accountId}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(CREATIVE_MESSAGES.needsPro);
  });
});
