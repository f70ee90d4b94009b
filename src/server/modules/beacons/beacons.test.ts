import { beaconEvents } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';

describe('analytics beacons', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ workers: false });
  });
  afterAll(() => t.close());

  const post = (name: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/analytics/${name}`, payload: payload as object });

  it('stores a valid beacon and drops keys it does not know', async () => {
    const res = await post('404-suggestion', { target: 'features', ts: 1_763_700_000_000, email: 'ann@example.com' });
    expect(res.statusCode).toBe(204);
    const rows = await t.app.ctx.db.select().from(beaconEvents);
    expect(rows).toHaveLength(1);
    expect(rows[0].name).toBe('404-suggestion');
    expect(rows[0].props).toEqual({ target: 'features', ts: 1_763_700_000_000 });
  });

  it('stores only the allowed non-personal flags, timestamp, plan and platform, dropping e-mails, names and free text', async () => {
    await t.app.ctx.db.delete(beaconEvents);
    const personal = {
      email: 'ann@example.com',
      fullName: 'Ann Lee',
      name: 'Ann',
      message: 'Please call me on +91 98765 43210',
      query: 'ann lee adwise',
      username: 'ann@example.com',
      website: 'https://ann.example',
    };
    const sent = [
      ['contact-submit', { newsletter: true, partnership: false, ts: 11 }],
      ['pricing-cta', { plan: 'agency', billing: 'monthly', ts: 12 }],
      ['connect-click', { platform: 'meta', ts: 13 }],
      ['404-search', { ts: 14 }],
    ] as const;
    for (const [name, props] of sent) {
      expect((await post(name, { ...props, ...personal })).statusCode).toBe(204);
    }
    const rows = await t.app.ctx.db.select().from(beaconEvents).orderBy(beaconEvents.createdAt);
    expect(rows.map((r) => ({ name: r.name, props: r.props }))).toEqual(sent.map(([name, props]) => ({ name, props })));
    const stored = JSON.stringify(rows);
    for (const value of Object.values(personal)) expect(stored).not.toContain(value);
  });

  it('refuses free text that could hold personal data, naming the field', async () => {
    const res = await post('404-suggestion', { target: 'ann@example.com', ts: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'target must be a page key.', code: 'validation_failed', field: 'target' });
  });

  it('requires a timestamp', async () => {
    const res = await post('404-search', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: 'ts is required.', field: 'ts' });
  });

  it('answers 404 JSON for an unknown beacon', async () => {
    const res = await post('shoe-size', { ts: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Unknown analytics event "shoe-size".');
  });

  it('accepts the plan and platform beacons with their enumerations only', async () => {
    expect((await post('pricing-cta', { plan: 'pro', billing: 'yearly', ts: 2 })).statusCode).toBe(204);
    expect((await post('connect-click', { platform: 'tiktok', ts: 3 })).statusCode).toBe(204);
    const bad = await post('connect-click', { platform: 'myspace', ts: 3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('platform');
  });
});
