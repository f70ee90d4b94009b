import {
  CREATIVE_MESSAGES,
  type CreativeAnalysis,
  type CreativeAnalysisPage,
  type CreativeAnalysisRecord,
  type CreativeShare,
  type CreativeShareCreated,
  type CreativeSharedView,
} from '@shared/api/creative';
import { WORKSPACE_MESSAGES } from '@shared/api/workspaces';
import { CREATIVE_VALIDATION } from '@shared/validation/creative';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { extractText } from 'unpdf';

import { gradient, withText } from '../../analysis/creativeImage/creativeImage.fixtures';
import { creativeAnalyses, creativeShares } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import { signUp, type TestUser } from '../../test/factories';
import { call, joinAs, personalWorkspaceOf } from '../workspaces/workspaces.fixtures';

describe('The Creative Analyzer’s history and share links', () => {
  let t: TestApp;
  let owner: TestUser;
  let workspace: string;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await buildTestApp({ workers: false });
    owner = await signUp(t.app, { fullName: 'Asha Owner' });
    stranger = await signUp(t.app);
    for (const user of [owner, stranger])
      expect((await call(t.app, user, 'POST', 'start-trial/')).statusCode).toBe(200);
    workspace = await personalWorkspaceOf(t.app, owner);
  });
  afterAll(async () => {
    await t?.close();
  });

  const copy = {
    placement: 'meta_feed',
    headlines: ['Save 30% on your first order'],
    primary_text: 'Join 2,000 teams who plan their week in minutes. Guaranteed results!',
    description: '',
    cta: 'Sign up',
    landing_url: 'https://example.com',
  };
  const analyse = async (user: TestUser, payload: object) => {
    const res = await call(t.app, user, 'POST', 'creative/analyze/', { payload });
    expect(res.statusCode).toBe(200);
    return res.json() as CreativeAnalysis & { id: string; created_at: string };
  };
  const rowCount = async () => (await t.app.ctx.db.select({ id: creativeAnalyses.id }).from(creativeAnalyses)).length;

  it('saves every analysis with its inputs, keeping of an image only its hash, size, format and a small metadata-free WebP thumbnail', async () => {
    const size = { width: 1200, height: 800 };
    // A JPEG carrying EXIF (a camera and a GPS-bearing comment): none of it may be kept.
    const png = await withText(gradient(size, '#204080', '#f0a020'), size, [
      { text: 'SALE', x: 0.1, y: 0.1, size: 0.1 },
    ]);
    const jpeg = await sharp(png)
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'GPS 51.5,-0.12' } })
      .toBuffer();
    const analysis = await analyse(owner, { ...copy, image: jpeg.toString('base64') });
    expect(analysis).toMatchObject({ id: expect.any(String), created_at: expect.any(String) });
    expect(analysis.changes).toBeUndefined();

    const [row] = await t.app.ctx.db.select().from(creativeAnalyses).where(eq(creativeAnalyses.id, analysis.id));
    expect(row).toMatchObject({
      workspaceId: workspace,
      kind: 'analysis',
      placement: 'meta_feed',
      title: copy.headlines[0],
      previousId: null,
    });
    expect(row.input).toEqual({
      copy,
      image: { sha256: expect.stringMatching(/^[0-9a-f]{64}$/), width: 1200, height: 800, format: 'jpeg' },
    });
    expect(JSON.stringify(row)).not.toContain(jpeg.toString('base64').slice(0, 200));
    const thumbnail = await sharp(row.thumbnail!).metadata();
    expect(thumbnail).toMatchObject({ format: 'webp', width: 320, height: 213 });
    expect(thumbnail.exif).toBeUndefined();
    expect(row.thumbnail!.includes(Buffer.from('SecretCam'))).toBe(false);

    const res = await call(t.app, owner, 'GET', `creative/analyses/${analysis.id}/`);
    expect(res.statusCode).toBe(200);
    const record: CreativeAnalysisRecord = res.json();
    expect(record).toMatchObject({
      id: analysis.id,
      kind: 'analysis',
      placement: 'meta_feed',
      placement_label: 'Meta feed',
      title: copy.headlines[0],
      previous_id: null,
    });
    expect(record.thumbnail).toMatch(/^data:image\/webp;base64,/);
    expect(record.result).toEqual(analysis);
  });

  it('saves nothing when a request is refused', async () => {
    const before = await rowCount();
    expect(
      (await call(t.app, owner, 'POST', 'creative/analyze/', { payload: { ...copy, placement: 'myspace' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(t.app, owner, 'POST', 'creative/analyze/', { payload: { ...copy, image: '***' } })).statusCode,
    ).toBe(400);
    expect(
      (await call(t.app, owner, 'POST', 'creative/analyze/', { payload: { ...copy, previous_id: 'nope' } })).json(),
    ).toMatchObject({ field: 'previous_id', detail: CREATIVE_VALIDATION.badPreviousId });
    expect((await call(t.app, owner, 'POST', 'creative/compare/', { payload: { copies: [copy] } })).statusCode).toBe(
      400,
    );
    const starter = await signUp(t.app);
    expect((await call(t.app, starter, 'POST', 'creative/analyze/', { payload: copy })).statusCode).toBe(403);
    expect(await rowCount()).toBe(before);
  });

  it('says what a re-analysis changed: every score before → after, and which inputs differ', async () => {
    const first = await analyse(owner, copy);
    const second = await analyse(owner, { ...copy, headlines: ['Stuff'], cta: 'Go', previous_id: first.id });
    expect(second.changes).toMatchObject({
      previous_id: first.id,
      overall: {
        before: first.text.overall.score,
        after: second.text.overall.score,
        delta: second.text.overall.score - first.text.overall.score,
      },
      inputs: ['headlines', 'cta'],
    });
    expect(second.changes!.sub_scores.map((s) => s.key)).toEqual(second.text.sub_scores.map((s) => s.key));
    for (const change of second.changes!.sub_scores) {
      const before = first.text.sub_scores.find((s) => s.key === change.key)!.score;
      expect(change).toMatchObject({ before, after: second.text.sub_scores.find((s) => s.key === change.key)!.score });
    }
    const record: CreativeAnalysisRecord = (await call(t.app, owner, 'GET', `creative/analyses/${second.id}/`)).json();
    expect(record.previous_id).toBe(first.id);

    // Another workspace's analysis is unknown here; so is a comparison as the thing re-analysed.
    const theirs = await analyse(stranger, copy);
    const before = await rowCount();
    expect(
      (await call(t.app, owner, 'POST', 'creative/analyze/', { payload: { ...copy, previous_id: theirs.id } })).json(),
    ).toMatchObject({ detail: CREATIVE_MESSAGES.analysisNotFound });
    const comparison = (
      await call(t.app, owner, 'POST', 'creative/compare/', {
        payload: { copies: [copy, { ...copy, headlines: ['Other'] }] },
      })
    ).json();
    expect(comparison).toMatchObject({ id: expect.any(String) });
    expect(
      (
        await call(t.app, owner, 'POST', 'creative/analyze/', { payload: { ...copy, previous_id: comparison.id } })
      ).json(),
    ).toMatchObject({ field: 'previous_id', detail: CREATIVE_MESSAGES.previousNotAnalysis });
    expect(await rowCount()).toBe(before + 1);
  });

  it('lists the workspace’s history newest first, a page at a time, and nothing of another workspace’s', async () => {
    const fresh = await signUp(t.app);
    await call(t.app, fresh, 'POST', 'start-trial/');
    const ids: string[] = [];
    for (const headline of ['One', 'Two', 'Three'])
      ids.push((await analyse(fresh, { ...copy, headlines: [headline] })).id);
    const compared = (
      await call(t.app, fresh, 'POST', 'creative/compare/', {
        payload: { copies: [{ ...copy, headlines: ['Four'] }, copy] },
      })
    ).json();

    const first: CreativeAnalysisPage = (await call(t.app, fresh, 'GET', 'creative/analyses/?limit=3')).json();
    expect(first.items.map((item) => item.title)).toEqual(['Four', 'Three', 'Two']);
    expect(first.items[0]).toMatchObject({
      id: compared.id,
      kind: 'comparison',
      placement: 'meta_feed',
      placement_label: 'Meta feed',
      overall_score: compared.ranking[0].score,
      has_image: false,
    });
    expect(first.items[1]).toMatchObject({
      id: ids[2],
      kind: 'analysis',
      overall_score: expect.any(Number),
      created_at: expect.any(String),
    });
    expect(first.next_cursor).toEqual(expect.any(String));
    const second: CreativeAnalysisPage = (
      await call(t.app, fresh, 'GET', `creative/analyses/?limit=3&cursor=${first.next_cursor}`)
    ).json();
    expect(second).toEqual({ items: [expect.objectContaining({ id: ids[0], title: 'One' })], next_cursor: null });

    expect((await call(t.app, fresh, 'GET', 'creative/analyses/?cursor=garbage')).json()).toMatchObject({
      field: 'cursor',
      detail: CREATIVE_VALIDATION.badCursor,
    });
    expect((await call(t.app, fresh, 'GET', 'creative/analyses/?limit=500')).json()).toMatchObject({ field: 'limit' });
    expect((await call(t.app, owner, 'GET', `creative/analyses/${ids[0]}/`)).statusCode).toBe(404);
    expect((await call(t.app, owner, 'GET', 'creative/analyses/not-a-uuid/')).statusCode).toBe(404);
    // Naming a workspace one is not in finds nothing at all.
    expect(
      (
        await call(t.app, owner, 'GET', 'creative/analyses/', { workspace: await personalWorkspaceOf(t.app, fresh) })
      ).json(),
    ).toMatchObject({ detail: WORKSPACE_MESSAGES.notFound });
  });

  it('renders a saved analysis as an A4 PDF whose text carries the scores, the copy’s cues, the validation and the suggestions', async () => {
    const size = { width: 540, height: 960 };
    const image = await withText(gradient(size, '#204080', '#f0a020'), size, [
      { text: 'BIG SALE', x: 0.1, y: 0.1, size: 0.06 },
    ]);
    const analysis = await analyse(owner, { ...copy, placement: 'meta_reels', image: image.toString('base64') });
    const res = await call(t.app, owner, 'GET', `creative/analyses/${analysis.id}/pdf/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="adwise-creative-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.pdf"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, totalPages } = await extractText(new Uint8Array(pdf), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(totalPages).toBeGreaterThanOrEqual(1);
    expect(flat).toContain('Adwise');
    expect(flat).toContain('Placement: Meta Reels');
    expect(flat).toContain(`${analysis.text.overall.score}/100`);
    for (const score of analysis.text.sub_scores) expect(flat).toContain(score.label);
    for (const score of analysis.image!.sub_scores) expect(flat).toContain(score.label);
    expect(flat).toMatch(/Cost Primary text: “Guaranteed/);
    expect(flat).toContain('headline A/B tests it never saw');
    expect(flat).toContain(analysis.text.suggestions[0].advice.replace(/\s+/g, ' ').slice(0, 30));
    expect((await call(t.app, stranger, 'GET', `creative/analyses/${analysis.id}/pdf/`)).statusCode).toBe(404);
  }, 60_000);

  it('writes the copy in the PDF as it was written: the rupee sign, curly quotes and accents come out as they went in', async () => {
    const headline = 'Save ₹500 on “Café” plans';
    const analysis = await analyse(owner, {
      ...copy,
      headlines: [headline],
      primary_text: 'Plans from ₹1,999 a month. Déjà vu, no more.',
    });
    const res = await call(t.app, owner, 'GET', `creative/analyses/${analysis.id}/pdf/`);
    expect(res.statusCode).toBe(200);
    const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(headline);
    expect(flat).toContain('Plans from ₹1,999 a month.');
    expect(flat).toContain('Déjà vu');
  }, 60_000);

  it('shares a result by a signed link that anyone can read until it expires or is revoked', async () => {
    const analysis = await analyse(owner, copy);
    const created = await call(t.app, owner, 'POST', `creative/analyses/${analysis.id}/share/`, {
      payload: { expires_in_days: 7 },
    });
    expect(created.statusCode).toBe(201);
    const link: CreativeShareCreated = created.json();
    expect(link.url).toBe(`${t.config.publicUrl}/shared/creative/${link.token}`);
    expect(new Date(link.expires_at).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    // Only the row is stored, never the token.
    const [share] = await t.app.ctx.db.select().from(creativeShares).where(eq(creativeShares.id, link.id));
    expect(JSON.stringify(share)).not.toContain(link.token.split('.')[1]);

    const open = await t.app.inject({ method: 'GET', url: `/api/shared/creative/${link.token}/` });
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe('no-store');
    const view: CreativeSharedView = open.json();
    expect(view).toMatchObject({
      kind: 'analysis',
      workspace_name: expect.any(String),
      previous_id: null,
      expires_at: link.expires_at,
      input: { copy },
    });
    expect(view.result).toMatchObject({ text: { overall: { score: analysis.text.overall.score } } });
    expect(open.body).not.toContain(workspace);

    const listed: CreativeShare[] = (
      await call(t.app, owner, 'GET', `creative/analyses/${analysis.id}/shares/`)
    ).json();
    expect(listed).toEqual([
      { id: link.id, url: link.url, created_at: expect.any(String), expires_at: link.expires_at },
    ]);
    expect((await call(t.app, stranger, 'GET', `creative/analyses/${analysis.id}/shares/`)).statusCode).toBe(404);
    expect((await call(t.app, stranger, 'DELETE', `creative/shares/${link.id}/`)).statusCode).toBe(404);

    // A forged or tampered token is unknown.
    const [id, signature] = link.token.split('.');
    for (const token of [
      `${id}.${signature.slice(0, -2)}AA`,
      `${id}.`,
      id,
      'garbage',
      `${crypto.randomUUID()}.${signature}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/shared/creative/${encodeURIComponent(token)}/` });
      expect({ token, status: res.statusCode, detail: res.json().detail }).toEqual({
        token,
        status: 404,
        detail: CREATIVE_MESSAGES.linkNotFound,
      });
    }
    expect(
      (
        await call(t.app, owner, 'POST', `creative/analyses/${analysis.id}/share/`, {
          payload: { expires_in_days: 91 },
        })
      ).json(),
    ).toMatchObject({ field: 'expires_in_days' });

    expect((await call(t.app, owner, 'DELETE', `creative/shares/${link.id}/`)).statusCode).toBe(204);
    const revoked = await t.app.inject({ method: 'GET', url: `/api/shared/creative/${link.token}/` });
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json()).toMatchObject({ detail: CREATIVE_MESSAGES.linkRevoked, code: 'gone' });
    expect((await call(t.app, owner, 'GET', `creative/analyses/${analysis.id}/shares/`)).json()).toEqual([]);

    // A link past its time says so (default life: 30 days).
    const other: CreativeShareCreated = (
      await call(t.app, owner, 'POST', `creative/analyses/${analysis.id}/share/`)
    ).json();
    expect(new Date(other.expires_at).getTime() - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    await t.app.ctx.db
      .update(creativeShares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(creativeShares.id, other.id));
    expect((await t.app.inject({ method: 'GET', url: `/api/shared/creative/${other.token}/` })).json()).toMatchObject({
      detail: CREATIVE_MESSAGES.linkExpired,
    });
  });

  it('lets owners and managers make, list and revoke share links, not viewers (a link publishes a result outside the workspace)', async () => {
    const manager = await joinAs(t.app, owner, workspace, 'manager');
    const viewer = await joinAs(t.app, owner, workspace, 'viewer');
    const analysis = await analyse(owner, copy);
    const linksOf = async () =>
      (await t.app.ctx.db.select().from(creativeShares).where(eq(creativeShares.analysisId, analysis.id))).map(
        (row) => ({ id: row.id, revoked: row.revokedAt !== null }),
      );
    const made = await call(t.app, manager, 'POST', `creative/analyses/${analysis.id}/share/`, {
      workspace,
      payload: { expires_in_days: 90 },
    });
    expect(made.statusCode).toBe(201);
    const link: CreativeShareCreated = made.json();

    const refused = { status: 403, detail: WORKSPACE_MESSAGES.notAllowed };
    const heard = (res: { statusCode: number; json: () => { detail?: string } }) => ({
      status: res.statusCode,
      detail: res.json().detail,
    });
    expect(
      heard(
        await call(t.app, viewer, 'POST', `creative/analyses/${analysis.id}/share/`, {
          workspace,
          payload: { expires_in_days: 90 },
        }),
      ),
    ).toEqual(refused);
    expect(heard(await call(t.app, viewer, 'GET', `creative/analyses/${analysis.id}/shares/`, { workspace }))).toEqual(
      refused,
    );
    expect(heard(await call(t.app, viewer, 'DELETE', `creative/shares/${link.id}/`, { workspace }))).toEqual(refused);
    expect(await linksOf()).toEqual([{ id: link.id, revoked: false }]);
    expect((await t.app.inject({ method: 'GET', url: `/api/shared/creative/${link.token}/` })).statusCode).toBe(200);

    expect(
      (await call(t.app, manager, 'GET', `creative/analyses/${analysis.id}/shares/`, { workspace })).json(),
    ).toEqual([expect.objectContaining({ id: link.id, url: link.url })]);
    expect((await call(t.app, manager, 'DELETE', `creative/shares/${link.id}/`, { workspace })).statusCode).toBe(204);
    expect(await linksOf()).toEqual([{ id: link.id, revoked: true }]);
  });

  it('lets owners and managers delete an analysis (its links go with it), not viewers', async () => {
    const viewer = await joinAs(t.app, owner, workspace, 'viewer');
    const manager = await joinAs(t.app, owner, workspace, 'manager');
    const analysis = await analyse(owner, copy);
    const link: CreativeShareCreated = (
      await call(t.app, manager, 'POST', `creative/analyses/${analysis.id}/share/`, { workspace })
    ).json();
    expect(link.token).toEqual(expect.any(String));
    expect(
      (await call(t.app, viewer, 'DELETE', `creative/analyses/${analysis.id}/`, { workspace })).json(),
    ).toMatchObject({ detail: WORKSPACE_MESSAGES.notAllowed });
    expect((await call(t.app, stranger, 'DELETE', `creative/analyses/${analysis.id}/`)).statusCode).toBe(404);
    expect((await call(t.app, owner, 'DELETE', `creative/analyses/${analysis.id}/`)).statusCode).toBe(204);
    expect((await call(t.app, owner, 'GET', `creative/analyses/${analysis.id}/`)).statusCode).toBe(404);
    expect((await call(t.app, owner, 'DELETE', `creative/analyses/${analysis.id}/`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/shared/creative/${link.token}/` })).statusCode).toBe(404);
  });
});
