import { headlineFeatures } from './features';
import { HEADLINE_WEIGHTS, headlineLogit, scaleLogit, scoreHeadline, Z_CLIP } from './headlineModel';

describe('the learned headline model', () => {
  it('loads a small weights file with its cross-validated figures', () => {
    expect(Object.keys(HEADLINE_WEIGHTS.weights).length).toBeGreaterThan(50);
    expect(HEADLINE_WEIGHTS.crossValidation).toMatchObject({
      significantAccuracy: expect.any(Number),
      accuracy: expect.any(Number),
    });
    expect(JSON.stringify(HEADLINE_WEIGHTS).length).toBeLessThan(200_000);
    // Every weight is a feature the featuriser can produce.
    for (const name of Object.keys(HEADLINE_WEIGHTS.weights))
      expect(name).toMatch(/^(?:w:|b:)|^[a-z_]+$|^(?:cue|bias)_[A-Za-z]+$/);
  });

  it('scores headlines on 1–100 and explains the top features', () => {
    const s = scoreHeadline('You Won’t Believe What This Teacher Did For Her Students');
    expect(s.score).toBeGreaterThanOrEqual(1);
    expect(s.score).toBeLessThanOrEqual(100);
    expect(s.logit).toBeCloseTo(headlineLogit(s.headline), 10);
    expect(s.top.length).toBeGreaterThan(0);
    expect(s.top.every((c) => typeof c.label === 'string' && Number.isFinite(c.contribution))).toBe(true);
  });

  it('ranks: differences of logits order headlines, and the same headline ties', () => {
    const a = 'This Mom Found Out What Her Son Was Doing Online. Her Reaction Is Perfect.';
    const b = 'An Article About Parenting';
    expect(headlineLogit(a)).not.toBe(headlineLogit(b));
    expect(headlineLogit(a)).toBe(headlineLogit(a));
    const sorted = [a, b].sort((x, y) => headlineLogit(y) - headlineLogit(x));
    expect(sorted).toHaveLength(2);
  });

  it('featurises empty and very long text without throwing', () => {
    expect(headlineFeatures('').size).toBe(0);
    expect(Number.isFinite(headlineLogit('word '.repeat(1000)))).toBe(true);
  });

  it('keeps clean ad headlines mid-range: no single cue or ad-length text pushes one to the extremes', () => {
    // Upworthy's news headlines barely use ad cues and run to ~15 words; the model must not extrapolate.
    const ads = [
      'Save 30% on your first order',
      'Cancel anytime',
      'Try it free for 14 days',
      'The CRM 2,000 teams switched to this year',
      'Are you making these 5 budgeting mistakes?',
      'Get 20% off your first month',
      'No credit card required',
      'Start your free trial',
      'Book a demo today',
    ];
    const scored = ads.map((ad) => scoreHeadline(ad));
    // Listed, so a failure names the headline.
    expect(scored.filter((s) => s.score < 20 || s.score > 80).map((s) => `${s.headline}: ${s.score}`)).toEqual([]);
    // No one feature moves the logit by a whole unit (about 23 points from the middle).
    expect(
      scored.flatMap((s) =>
        s.top.filter((c) => Math.abs(c.contribution) >= 1).map((c) => `${s.headline}: ${c.feature} ${c.contribution}`),
      ),
    ).toEqual([]);
  });

  it('clips dense features to the training range, so extreme text scores like the most extreme training text', () => {
    // A dense feature's part is at most Z_CLIP training SDs of it, however far the text strays.
    for (const text of ['Cancel anytime', 'word '.repeat(60), '!!! ' + 'WOW '.repeat(20)]) {
      for (const c of scoreHeadline(text).top) {
        const sd = HEADLINE_WEIGHTS.sds[c.feature];
        if (sd !== undefined)
          expect(Math.abs(c.contribution)).toBeLessThanOrEqual(
            Math.abs(HEADLINE_WEIGHTS.weights[c.feature]) * Z_CLIP * sd * 1.0001 + 1e-9,
          );
      }
    }
    // Thinly supported cues get no weight (the old model gave "cancel anytime" −4.6).
    expect(HEADLINE_WEIGHTS.weights.bias_defaultEffect).toBeUndefined();
  });

  it('centres the 1–100 scale on the neutral headline', () => {
    expect(scaleLogit(HEADLINE_WEIGHTS.baseline)).toBe(51);
    expect(scaleLogit(HEADLINE_WEIGHTS.baseline + 20)).toBe(100);
    expect(scaleLogit(HEADLINE_WEIGHTS.baseline - 20)).toBe(1);
  });

  it('tells an ad headline’s length against the room its placement shows, not against Upworthy’s long headlines', () => {
    const ads = ['Save 20% on every plan', 'Shop', 'Stop wasting ad spend'];
    const plain = ads.map((ad) => scoreHeadline(ad));
    const inRoom = ads.map((ad) => scoreHeadline(ad, HEADLINE_WEIGHTS, 27));
    // Every short headline is lifted (it no longer loses for being an ad) ...
    inRoom.forEach((s, i) => expect(s.score).toBeGreaterThan(plain[i].score));
    // ... by the same logit, so the ranking the model was validated on is unchanged.
    const shift = inRoom[0].logit - plain[0].logit;
    inRoom.forEach((s, i) => expect(s.logit - plain[i].logit).toBeCloseTo(shift, 9));
    // A placement with as much room as the training headlines changes nothing.
    expect(scoreHeadline(ads[0], HEADLINE_WEIGHTS, 200).logit).toBe(plain[0].logit);
  });
});
