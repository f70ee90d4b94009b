import {
  CREATIVE_LIMITS,
  CREATIVE_MESSAGES,
  type CreativeAnalysis,
  type CreativeComparison,
} from '@shared/api/creative';
import { CREATIVE_VALIDATION } from '@shared/validation/creative';

import { gradient, png, solid, withText } from '../../analysis/creativeImage/creativeImage.fixtures';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import { signUp, type TestUser } from '../../test/factories';

describe('The Creative Analyzer’s routes', () => {
  let t: TestApp;
  let pro: TestUser;
  let starter: TestUser;

  beforeAll(async () => {
    t = await buildTestApp({ workers: false });
    pro = await signUp(t.app);
    // A running trial counts as Pro.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/start-trial/', headers: pro.auth, payload: {} })).statusCode,
    ).toBe(200);
    starter = await signUp(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (user: TestUser, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/${url}`, headers: user.auth, payload });
  const copy = {
    placement: 'meta_feed',
    headlines: ['Save 30% on your first order'],
    primary_text: 'Join 2,000 teams who plan their week in minutes. Guaranteed results!',
    description: '',
    cta: 'Sign up',
    landing_url: 'https://example.com',
  };

  it('scores a copy for its placement, with the spans that earned or cost points and the truncation preview', async () => {
    const res = await post(pro, 'creative/analyze/', copy);
    expect(res.statusCode).toBe(200);
    const analysis: CreativeAnalysis = res.json();
    expect(analysis).toMatchObject({ placement: 'meta_feed', placement_label: 'Meta feed', image: null });
    expect(analysis.text.overall.score).toBeGreaterThanOrEqual(1);
    expect(analysis.text.overall.score).toBeLessThanOrEqual(100);
    const policy = analysis.text.sub_scores.find((s) => s.key === 'policy')!;
    const guaranteed = policy.spans.find((s) => s.kind === 'cost' && s.field === 'primary_text')!;
    expect(copy.primary_text.slice(guaranteed.start, guaranteed.end).toLowerCase()).toContain('guaranteed');
    const headline = analysis.text.fields.find((f) => f.field === 'headline')!;
    expect(headline.visible + headline.cut).toBe(copy.headlines[0]);
    // The model's held-out validation travels with the score.
    expect(analysis.text.headline_model.validation).toMatchObject({
      significant_accuracy: expect.any(Number),
      method: expect.stringMatching(/^Held out/),
    });
    expect(analysis.text.headline_model.headlines[0]).toMatchObject({
      headline: copy.headlines[0],
      score: expect.any(Number),
    });
  });

  it('reads the image by its content and scores it for the placement, with the unsafe bands of a vertical one', async () => {
    const size = { width: 540, height: 960 };
    const image = await withText(gradient(size, '#204080', '#f0a020'), size, [
      { text: 'BIG SALE TODAY', x: 0.08, y: 0.07, size: 0.06 },
    ]);
    const res = await post(pro, 'creative/analyze/', {
      ...copy,
      placement: 'meta_reels',
      image: image.toString('base64'),
    });
    expect(res.statusCode).toBe(200);
    const analysis: CreativeAnalysis = res.json();
    expect(analysis.image).toMatchObject({ format: 'png', width: 540, height: 960 });
    expect(analysis.image!.sub_scores.map((s) => s.key)).toEqual(
      expect.arrayContaining(['placementFit', 'brightness', 'sharpness', 'textCoverage', 'safeZone']),
    );
    expect(analysis.image!.overlay.some((r) => r.kind === 'unsafe_band')).toBe(true);
  });

  it('refuses what it cannot read, naming the problem, whatever the file claims to be', async () => {
    const notImage = Buffer.from('%PDF-1.7 this is a document, not a picture').toString('base64');
    const cases: [object, string, string | RegExp][] = [
      [{ ...copy, placement: 'myspace' }, 'placement', CREATIVE_VALIDATION.badPlacement],
      [
        { ...copy, primary_text: 'x'.repeat(CREATIVE_LIMITS.maxTextChars + 1) },
        'primary_text',
        CREATIVE_VALIDATION.tooLong('The primary text'),
      ],
      [{ ...copy, image: notImage }, 'image', /not an image|PNG, JPEG or WebP/i],
      [{ ...copy, image: '***' }, 'image', CREATIVE_MESSAGES.badImageEncoding],
      [
        { ...copy, image: Buffer.alloc(CREATIVE_LIMITS.maxImageBytes + 10, 1).toString('base64') },
        'image',
        /limit is 10/,
      ],
    ];
    for (const [payload, field, detail] of cases) {
      const res = await post(pro, 'creative/analyze/', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
      if (typeof detail === 'string') expect(res.json().detail).toBe(detail);
      else expect(res.json().detail).toMatch(detail);
    }
    const gif = await solid({ width: 20, height: 20 }, '#888').gif().toBuffer();
    const refused = await post(pro, 'creative/analyze/', { ...copy, image: gif.toString('base64') });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe('image');
  });

  it('ranks two to five copies and explains each step', async () => {
    const weak = { ...copy, headlines: ['Stuff'], primary_text: 'We have things. Guaranteed cure!', cta: '' };
    const res = await post(pro, 'creative/compare/', { copies: [weak, copy] });
    expect(res.statusCode).toBe(200);
    const comparison: CreativeComparison = res.json();
    expect(comparison.ranking.map((r) => r.index)).toEqual([1, 0]);
    expect(comparison.steps).toHaveLength(1);
    expect(comparison.steps[0].explanation.length).toBeGreaterThan(10);
    const one = await post(pro, 'creative/compare/', { copies: [copy] });
    expect(one.json()).toMatchObject({ field: 'copies', detail: CREATIVE_VALIDATION.badVariants });
  });

  it('is for Pro: a workspace without a trial or a paid plan is told so', async () => {
    const res = await post(starter, 'creative/analyze/', copy);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(CREATIVE_MESSAGES.needsPro);
    expect((await post(starter, 'creative/compare/', { copies: [copy, copy] })).statusCode).toBe(403);
  });

  it('is for signed-in members only', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/creative/analyze/', payload: copy })).statusCode).toBe(401);
  });

  it('finds no text on a plain square image, at its own size', async () => {
    const plain = await png(solid({ width: 1080, height: 1080 }, '#3366cc'));
    const res = await post(pro, 'creative/analyze/', { ...copy, image: plain.toString('base64') });
    expect(res.json().image).toMatchObject({ width: 1080, height: 1080, text_coverage: 0 });
  });
});
