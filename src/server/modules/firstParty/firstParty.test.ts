import { createHmac } from 'node:crypto';

import {
  type ConversionBasisView,
  FIRST_PARTY_KEY_HEADER,
  FIRST_PARTY_MESSAGES as M,
  FIRST_PARTY_SIGNATURE_HEADER,
  FIRST_PARTY_SIGNATURE_TOLERANCE_SECONDS,
  FIRST_PARTY_TIMESTAMP_HEADER,
  type FirstPartyKeyCreated,
  type FirstPartyView,
} from '@shared/api/firstParty';
import { WORKSPACE_HEADER } from '@shared/api/workspaces';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

import {
  accountDaily,
  campaigns,
  connectedAdAccounts,
  firstPartyDays,
  firstPartyKeys,
  metricsDaily,
} from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import { signUp, type TestUser } from '../../test/factories';
import { loadAccountSeries } from '../metrics/accountSeries.queries';
import { addAccount, call, createWorkspace, joinAs } from '../workspaces/workspaces.fixtures';
import { loadWeighedSeries } from './firstParty.calibration';

const START = '2026-11-21T12:00:00Z';
const HEADER = 'day,conversions,revenue,currency';

/** A CSV file as the import takes it, as `user` in `workspace`. */
const importCsv = (app: FastifyInstance, user: TestUser, workspace: string, body: string) =>
  app.inject({
    method: 'POST',
    url: '/api/first-party/import/',
    headers: { ...user.auth, [WORKSPACE_HEADER]: workspace, 'content-type': 'text/csv' },
    payload: body,
  });

/** The app's (manual) clock stands at START unless a test moves it: requests are signed at that time. */
const START_SECONDS = String(Date.parse(START) / 1000);

/** X-Adwise-Signature for `body` signed at `timestamp`: v1= and the hex HMAC-SHA256 of "<timestamp>.<body>", as a sender computes it. */
const sign = (secret: string, timestamp: string, body: string) =>
  `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/** A signed ingestion request (signed now over exactly these bytes, unless a timestamp or signature is given). */
const ingest = (
  app: FastifyInstance,
  key: { id: string; secret: string },
  body: string,
  options: { timestamp?: string; signature?: string } = {},
) => {
  const timestamp = options.timestamp ?? START_SECONDS;
  const signature = options.signature ?? sign(key.secret, timestamp, body);
  return app.inject({
    method: 'POST',
    url: '/api/first-party/ingest/',
    headers: {
      'content-type': 'application/json',
      [FIRST_PARTY_KEY_HEADER]: key.id,
      [FIRST_PARTY_TIMESTAMP_HEADER]: timestamp,
      [FIRST_PARTY_SIGNATURE_HEADER]: signature,
    },
    payload: body,
  });
};

async function storedDays(app: FastifyInstance, workspace: string) {
  const rows = await app.ctx.db
    .select()
    .from(firstPartyDays)
    .where(eq(firstPartyDays.workspaceId, workspace))
    .orderBy(firstPartyDays.day);
  return rows.map(({ day, conversions, revenueMinor, currency }) => ({ day, conversions, revenueMinor, currency }));
}

/** An account's days (spend in minor units, the platform's own conversions) straight into the metrics table, as a sync leaves them. */
async function addDays(
  app: FastifyInstance,
  accountRef: string,
  days: Record<string, { spendMinor: number; conversions: number }>,
) {
  await app.ctx.db.insert(accountDaily).values(
    Object.entries(days).map(([day, { spendMinor, conversions }]) => ({
      accountRef,
      day,
      currency: 'USD',
      spendMinor,
      impressions: 1000,
      clicks: 50,
      conversions,
      conversionValueMinor: 0,
    })),
  );
}

describe('first-party truth: import, signed ingestion, blended figures and over-attribution', () => {
  let t: TestApp;
  const clock = manualClock(START);
  let owner: TestUser;
  let workspace: string;

  beforeAll(async () => {
    t = await buildTestApp({ clock, workers: false });
    owner = await signUp(t.app);
    workspace = await createWorkspace(t.app, owner, 'Acme Shoes');
    expect((await call(t.app, owner, 'POST', 'start-trial/', { payload: {} })).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('gives a workspace without first-party days the platform figures only (firstParty: null)', async () => {
    const res = await call(t.app, owner, 'GET', 'first-party/?from=2026-11-01&to=2026-11-03&currency=USD', {
      workspace,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      currency: 'USD',
      range: { from: '2026-11-01', to: '2026-11-03', days: 3 },
      firstParty: null,
    });
  });

  it('imports a good CSV, and a re-imported day replaces the saved one', async () => {
    const first = await importCsv(
      t.app,
      owner,
      workspace,
      `${HEADER}\n2026-10-01,3,100.00,USD\n2026-10-02,5,250.5,USD\n`,
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ saved: 2, replaced: 0, from: '2026-10-01', to: '2026-10-02' });
    const again = await importCsv(t.app, owner, workspace, `${HEADER}\r\n2026-10-02,6,300,USD\r\n`);
    expect(again.json()).toEqual({ saved: 1, replaced: 1, from: '2026-10-02', to: '2026-10-02' });
    expect(await storedDays(t.app, workspace)).toEqual([
      { day: '2026-10-01', conversions: 3, revenueMinor: 10000, currency: 'USD' },
      { day: '2026-10-02', conversions: 6, revenueMinor: 30000, currency: 'USD' },
    ]);
    const listed = await call(t.app, owner, 'GET', 'first-party/days/?from=2026-10-01&to=2026-10-31', { workspace });
    expect(
      listed
        .json()
        .days.map((day: { day: string; revenue: number; source: string }) => [day.day, day.revenue, day.source]),
    ).toEqual([
      ['2026-10-01', 100, 'csv'],
      ['2026-10-02', 300, 'csv'],
    ]);
  });

  it('refuses a bad CSV whole: nothing changes, and each bad line is named with what is wrong', async () => {
    const before = await storedDays(t.app, workspace);
    const res = await importCsv(
      t.app,
      owner,
      workspace,
      [
        HEADER,
        '2026-10-01,9,900,USD',
        '2026-02-30,2,10,USD',
        '2026-10-05,two,10,USD',
        '2026-10-06,1,10,DOLLARS',
        '2026-10-07,1,-5,USD',
      ].join('\n'),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: M.csvRejected(4),
      code: 'validation_failed',
      lines: [
        { line: 3, problems: [M.badDay('2026-02-30')] },
        { line: 4, problems: [M.badConversions('two')] },
        { line: 5, problems: [M.badCurrency('DOLLARS')] },
        { line: 6, problems: [M.badRevenue('-5')] },
      ],
    });
    // The good line 2 (a new value for a saved day) was not taken either.
    expect(await storedDays(t.app, workspace)).toEqual(before);
    const noHeader = await importCsv(t.app, owner, workspace, '2026-10-01,9,900,USD\n');
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().lines[0].line).toBe(1);
    expect(await storedDays(t.app, workspace)).toEqual(before);
  });

  it('lets a viewer read but not import, and lets nobody outside the workspace read or import', async () => {
    const viewer = await joinAs(t.app, owner, workspace, 'viewer');
    const refused = await importCsv(t.app, viewer, workspace, `${HEADER}\n2026-10-03,1,1,USD\n`);
    expect(refused.statusCode).toBe(403);
    expect((await call(t.app, viewer, 'POST', 'first-party/key/', { workspace })).statusCode).toBe(403);
    expect(
      (await call(t.app, viewer, 'GET', 'first-party/?from=2026-10-01&to=2026-10-02&currency=USD', { workspace }))
        .statusCode,
    ).toBe(200);

    const stranger = await signUp(t.app);
    expect((await call(t.app, stranger, 'POST', 'start-trial/', { payload: {} })).statusCode).toBe(200);
    const read = await call(t.app, stranger, 'GET', 'first-party/?from=2026-10-01&to=2026-10-02&currency=USD', {
      workspace,
    });
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain('2026-10-01');
    expect(
      (await call(t.app, stranger, 'GET', 'first-party/days/?from=2026-10-01&to=2026-10-02', { workspace })).statusCode,
    ).toBe(404);
    expect((await importCsv(t.app, stranger, workspace, `${HEADER}\n2026-10-03,1,1,USD\n`)).statusCode).toBe(404);
    // In their own workspace they see their own nothing.
    expect(
      (await call(t.app, stranger, 'GET', 'first-party/?from=2026-10-01&to=2026-10-02&currency=USD')).json().firstParty,
    ).toBeNull();
    expect(await storedDays(t.app, workspace)).toHaveLength(2);
  });

  describe('the signed ingestion endpoint', () => {
    let key: FirstPartyKeyCreated;

    beforeAll(async () => {
      const made = await call(t.app, owner, 'POST', 'first-party/key/', { workspace });
      expect(made.statusCode).toBe(201);
      key = made.json();
    });

    it('shows the secret once and keeps it sealed', async () => {
      expect(key.secret).toMatch(/^afp_[A-Za-z0-9_-]{43}$/);
      const shown = await call(t.app, owner, 'GET', 'first-party/key/', { workspace });
      expect(shown.json()).toEqual({ id: key.id, created_at: key.created_at, last_used_at: null });
      expect(shown.body).not.toContain(key.secret);
      const [row] = await t.app.ctx.db.select().from(firstPartyKeys).where(eq(firstPartyKeys.workspaceId, workspace));
      expect(row.secretSealed).not.toContain(key.secret.slice(4));
      expect(row.secretSealed.startsWith('v1.')).toBe(true);
    });

    it('refuses a missing or bad signature (and an unknown key) with 401 and saves nothing', async () => {
      const before = await storedDays(t.app, workspace);
      const body = JSON.stringify({ days: [{ day: '2026-10-10', conversions: 7, revenue: '70.00', currency: 'USD' }] });
      const unsigned = await t.app.inject({
        method: 'POST',
        url: '/api/first-party/ingest/',
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      expect(unsigned.statusCode).toBe(401);
      expect(unsigned.json().detail).toBe(M.missingSignature);
      const tampered = await ingest(t.app, key, body.replace('"conversions":7', '"conversions":70'), {
        signature: sign(key.secret, START_SECONDS, body),
      });
      expect(tampered.statusCode).toBe(401);
      expect(tampered.json().detail).toBe(M.badSignature);
      expect((await ingest(t.app, { ...key, secret: 'afp_guessed' }, body)).statusCode).toBe(401);
      expect((await ingest(t.app, { ...key, id: '00000000-0000-4000-8000-000000000000' }, body)).statusCode).toBe(401);
      expect((await ingest(t.app, key, body, { signature: 'not-hex' })).statusCode).toBe(401);
      // The bare hex of the body alone (no timestamp, no version) is not the scheme.
      expect(
        (await ingest(t.app, key, body, { signature: createHmac('sha256', key.secret).update(body).digest('hex') }))
          .statusCode,
      ).toBe(401);
      // The timestamp is signed: changing it breaks the signature.
      expect(
        (
          await ingest(t.app, key, body, {
            timestamp: String(Number(START_SECONDS) + 1),
            signature: sign(key.secret, START_SECONDS, body),
          })
        ).json().detail,
      ).toBe(M.badSignature);
      // A bad signature is a 401 whatever the body, even one that is not JSON.
      expect((await ingest(t.app, key, '{"days": [', { signature: `v1=${'ab'.repeat(32)}` })).statusCode).toBe(401);
      expect(await storedDays(t.app, workspace)).toEqual(before);
    });

    it('saves signed days, and a resent day replaces itself: it counts once', async () => {
      const body = JSON.stringify({
        days: [
          { day: '2026-10-10', conversions: 7, revenue: '70.00', currency: 'USD' },
          { day: '2026-10-11', conversions: 2, revenue: 19.99, currency: 'usd' },
        ],
      });
      const sent = await ingest(t.app, key, body);
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ saved: 2, replaced: 0, from: '2026-10-10', to: '2026-10-11' });
      const resent = await ingest(t.app, key, body);
      expect(resent.json()).toEqual({ saved: 2, replaced: 2, from: '2026-10-10', to: '2026-10-11' });
      const days = (await storedDays(t.app, workspace)).filter((day) => day.day >= '2026-10-10');
      expect(days).toEqual([
        { day: '2026-10-10', conversions: 7, revenueMinor: 7000, currency: 'USD' },
        { day: '2026-10-11', conversions: 2, revenueMinor: 1999, currency: 'USD' },
      ]);
      expect((await call(t.app, owner, 'GET', 'first-party/key/', { workspace })).json().last_used_at).not.toBeNull();
    });

    it('signs the exact bytes sent: a body laid out differently from JSON.stringify verifies as sent', async () => {
      const body = '{\n  "days": [ { "currency": "USD", "day": "2026-10-14", "revenue": 5, "conversions": 1 } ]\n}\n';
      expect((await ingest(t.app, key, body)).statusCode).toBe(200);
      expect(
        (await ingest(t.app, key, body.trimEnd(), { signature: sign(key.secret, START_SECONDS, body) })).statusCode,
      ).toBe(401);
    });

    it('refuses a request signed more than five minutes away from now, so a captured one cannot be replayed later', async () => {
      const body = JSON.stringify({ days: [{ day: '2026-10-15', conversions: 3, revenue: '30.00', currency: 'USD' }] });
      const at = (offsetSeconds: number) => String(Number(START_SECONDS) + offsetSeconds);
      for (const offset of [
        -FIRST_PARTY_SIGNATURE_TOLERANCE_SECONDS - 1,
        FIRST_PARTY_SIGNATURE_TOLERANCE_SECONDS + 1,
        -86_400,
      ]) {
        const res = await ingest(t.app, key, body, { timestamp: at(offset) });
        expect({ offset, status: res.statusCode, detail: res.json().detail }).toEqual({
          offset,
          status: 401,
          detail: M.staleTimestamp,
        });
      }
      // Not a number of seconds: refused the same way, once the signature over it holds.
      expect((await ingest(t.app, key, body, { timestamp: '2026-11-21T12:00:00Z' })).json().detail).toBe(
        M.staleTimestamp,
      );
      expect((await storedDays(t.app, workspace)).some((day) => day.day === '2026-10-15')).toBe(false);
      // Within the tolerance either way (a sender's clock a little off) it is taken.
      expect(
        (await ingest(t.app, key, body, { timestamp: at(-FIRST_PARTY_SIGNATURE_TOLERANCE_SECONDS) })).statusCode,
      ).toBe(200);
      expect(
        (await ingest(t.app, key, body, { timestamp: at(FIRST_PARTY_SIGNATURE_TOLERANCE_SECONDS) })).statusCode,
      ).toBe(200);
      // The same signed request, replayed ten minutes later: refused.
      const signedNow = sign(key.secret, START_SECONDS, body);
      clock.advance(10 * 60_000);
      try {
        expect((await ingest(t.app, key, body, { timestamp: START_SECONDS, signature: signedNow })).json().detail).toBe(
          M.staleTimestamp,
        );
      } finally {
        clock.set(START);
      }
    });

    it('refuses a signed request with bad days whole, naming each by position', async () => {
      const body = JSON.stringify({
        days: [
          { day: '2026-10-12', conversions: 1, revenue: 1, currency: 'USD' },
          { day: '2026-10-13', conversions: 1.5, revenue: 1, currency: 'USD' },
        ],
      });
      const res = await ingest(t.app, key, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        detail: M.ingestRejected(1),
        code: 'validation_failed',
        lines: [{ line: 2, problems: [M.badConversions('1.5')] }],
      });
      expect((await storedDays(t.app, workspace)).some((day) => day.day === '2026-10-12')).toBe(false);
    });

    it('stops taking the old key once the key is rotated', async () => {
      const rotated = (
        await call(t.app, owner, 'POST', 'first-party/key/', { workspace })
      ).json() as FirstPartyKeyCreated;
      const body = JSON.stringify({ days: [{ day: '2026-10-12', conversions: 1, revenue: 1, currency: 'USD' }] });
      expect((await ingest(t.app, key, body)).statusCode).toBe(401);
      expect((await ingest(t.app, rotated, body)).statusCode).toBe(200);
      key = rotated;
    });
  });

  it('matches a hand computation: blended CPA, ROAS, MER and each platform’s over-attribution with its interval', async () => {
    const space = await createWorkspace(t.app, owner, 'Hand computed');
    const google = await addAccount(t.app, space, { platform: 'google', currency: 'USD' });
    const meta = await addAccount(t.app, space, { platform: 'meta', currency: 'USD' });
    // Nov 1-2 have first-party days; Nov 3 has ad spend only and is left out of every figure.
    await addDays(t.app, google.accountRef, {
      '2026-11-01': { spendMinor: 30000, conversions: 4 },
      '2026-11-02': { spendMinor: 30000, conversions: 5 },
      '2026-11-03': { spendMinor: 99900, conversions: 9 },
    });
    await addDays(t.app, meta.accountRef, {
      '2026-11-01': { spendMinor: 20000, conversions: 4 },
      '2026-11-02': { spendMinor: 20000, conversions: 4 },
    });
    expect(
      (await importCsv(t.app, owner, space, `${HEADER}\n2026-11-01,6,1500.00,USD\n2026-11-02,4,1500,USD\n`)).statusCode,
    ).toBe(200);

    const res = await call(t.app, owner, 'GET', 'first-party/?from=2026-11-01&to=2026-11-03&currency=USD', {
      workspace: space,
    });
    expect(res.statusCode).toBe(200);
    const view = res.json() as FirstPartyView;
    // By hand: spend 600 + 400 = 1,000 over the covered days; 10 first-party conversions, 3,000 revenue.
    // CPA 1000 / 10 = 100; ROAS = MER = 3000 / 1000 = 3. Google: share 0.6, expects 6, claims 9: 1.5;
    // Meta: share 0.4, expects 4, claims 8: 2. The 90% Garwood interval of 10 is 5.4254..16.962, so
    // Google 9 / (16.962 × 0.6) = 0.88 .. 9 / (5.4254 × 0.6) = 2.76 and Meta 8 / 6.785 = 1.18 .. 8 / 2.170 = 3.69.
    expect(view).toEqual({
      currency: 'USD',
      range: { from: '2026-11-01', to: '2026-11-03', days: 3 },
      firstParty: {
        days_covered: 2,
        conversions: 10,
        revenue: 3000,
        spend: 1000,
        blended_cpa: 100,
        blended_roas: 3,
        mer: 3,
        interval_level: 0.9,
        // In the product's platform order (PLATFORMS).
        platforms: [
          {
            platform: 'meta',
            spend: 400,
            spend_share: 0.4,
            claimed_conversions: 8,
            expected_conversions: 4,
            over_attribution: { mid: 2, low: 1.18, high: 3.69 },
          },
          {
            platform: 'google',
            spend: 600,
            spend_share: 0.6,
            claimed_conversions: 9,
            expected_conversions: 6,
            over_attribution: { mid: 1.5, low: 0.88, high: 2.76 },
          },
        ],
        unconverted_currencies: [],
      },
    });

    // A range the shop sent nothing for: the figures are there, empty, with nothing to divide by.
    const uncovered = (
      await call(t.app, owner, 'GET', 'first-party/?from=2026-11-03&to=2026-11-03&currency=USD', { workspace: space })
    ).json() as FirstPartyView;
    expect(uncovered.firstParty).toMatchObject({
      days_covered: 0,
      conversions: 0,
      spend: 0,
      blended_cpa: null,
      blended_roas: null,
      mer: null,
    });
    expect(uncovered.firstParty!.platforms.every((row) => row.over_attribution === null)).toBe(true);

    // The platform filter narrows the list, not the blended figures.
    const metaOnly = (
      await call(t.app, owner, 'GET', 'first-party/?from=2026-11-01&to=2026-11-03&currency=USD&platform=meta', {
        workspace: space,
      })
    ).json() as FirstPartyView;
    expect(metaOnly.firstParty!.blended_cpa).toBe(100);
    expect(metaOnly.firstParty!.platforms.map((row) => row.platform)).toEqual(['meta']);

    // Suggestions and the optimizer weigh each platform's own counts until an owner or manager opts in.
    const basis = (payload?: object) =>
      call(t.app, owner, payload ? 'PUT' : 'GET', 'first-party/basis/', { workspace: space, payload });
    expect((await basis()).json()).toEqual({ basis: 'platform', window: null, platforms: [] });
    const refused = await basis({ basis: 'blended' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'basis', detail: M.badBasis });
    // Opted in: the last 28 days up to yesterday (Nov 1-2 covered); each platform's counts times 1 / its ratio.
    const calibrated: ConversionBasisView = (await basis({ basis: 'first_party' })).json();
    expect(calibrated).toEqual({
      basis: 'first_party',
      window: { from: '2026-10-24', to: '2026-11-20' },
      platforms: [
        { platform: 'meta', factor: 0.5 },
        { platform: 'google', factor: 0.667 },
      ],
    });
    expect((await basis()).json()).toEqual(calibrated);

    // And that is what the analysis reads: a Google campaign's days come with their conversions scaled.
    const [googleAccount] = await t.app.ctx.db
      .select()
      .from(connectedAdAccounts)
      .where(eq(connectedAdAccounts.id, google.accountRef));
    await t.app.ctx.db.insert(campaigns).values({
      workspaceId: space,
      accountRef: google.accountRef,
      platform: 'google',
      campaignId: 'g1',
      name: 'Search',
      status: 'ACTIVE',
      dailyBudgetMinor: 5000,
      currency: 'USD',
    });
    await t.app.ctx.db.insert(metricsDaily).values({
      accountRef: google.accountRef,
      level: 'campaign',
      entityId: 'g1',
      campaignId: 'g1',
      day: '2026-11-20',
      currency: 'USD',
      spendMinor: 10000,
      impressions: 1000,
      clicks: 50,
      conversions: 6,
      conversionValueMinor: 30000,
    });
    const weighed = await loadWeighedSeries(t.app.ctx.db, googleAccount!, clock.now());
    const asClaimed = await loadAccountSeries(t.app.ctx.db, googleAccount!, clock.now());
    const dayOf = (series: typeof weighed.series) =>
      series.campaigns.find((campaign) => campaign.id === 'g1')!.days.find((day) => day.date === '2026-11-20')!;
    expect(dayOf(asClaimed.series)).toMatchObject({ conversions: 6, value: 30000 });
    expect(dayOf(weighed.series).conversions).toBeCloseTo(6 * 0.667, 6);
    expect(dayOf(weighed.series).value).toBeCloseTo(30000 * 0.667, 6);
    expect(dayOf(weighed.series).spend).toBe(dayOf(asClaimed.series).spend);

    // Back to the platforms' own counts: nothing scaled.
    expect((await basis({ basis: 'platform' })).json()).toEqual({ basis: 'platform', window: null, platforms: [] });
    expect(dayOf((await loadWeighedSeries(t.app.ctx.db, googleAccount!, clock.now())).series).conversions).toBe(6);
  });
});
