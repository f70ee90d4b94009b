import { compareVariants } from './compare';
import { analyseCopy } from './textScore';
import type { AdCopy, SubScore, SubScoreKey } from './types';

const copy = (over: Partial<AdCopy>): AdCopy => ({
  placement: 'meta_feed',
  headlines: [],
  primaryText: '',
  description: '',
  cta: '',
  landingUrl: 'https://example.com',
  ...over,
});
const sub = (analysis: ReturnType<typeof analyseCopy>, key: SubScoreKey) =>
  analysis.subScores.find((s) => s.key === key)!;
const hits = (s: SubScore, text: string, field: string, reason: RegExp) =>
  s.spans.filter((sp) => sp.field === field && reason.test(sp.reason)).map((sp) => text.slice(sp.start, sp.end));

describe('text sub-scores', () => {
  it('flags a spammy copy with policy spans, each with a reason', () => {
    const text = 'Guaranteed cure! Are you overweight? See our before and after photos.';
    const analysis = analyseCopy(copy({ primaryText: text, headlines: ['Miracle weight loss'] }));
    const policy = sub(analysis, 'policy');
    const flagged = policy.spans
      .filter((s) => s.field === 'primaryText')
      .map((s) => text.slice(s.start, s.end).toLowerCase());
    expect(flagged).toEqual(expect.arrayContaining(['guaranteed', 'cure', 'are you overweight', 'before and after']));
    expect(policy.spans.every((s) => s.kind === 'cost' && s.reason.length > 0)).toBe(true);
    expect(policy.score).toBeLessThan(20);
    // The overall is held near the policy score, whatever else the copy does.
    expect(analysis.overall.score).toBeLessThanOrEqual(policy.score + 30);
    expect(analysis.suggestions.some((s) => s.target === 'policy' && /cure/i.test(s.advice))).toBe(true);
  });

  it('rewards a specific copy with specificity and social proof', () => {
    const text = 'Save 30% on your first order — 2,000 teams use it';
    const analysis = analyseCopy(copy({ primaryText: text, headlines: ['Plan sprints in minutes'], cta: 'Shop Now' }));
    const specificity = sub(analysis, 'specificity');
    expect(hits(specificity, text, 'primaryText', /number/)).toEqual(expect.arrayContaining(['30%', '2,000']));
    expect(hits(specificity, text, 'primaryText', /reader/)).toContain('your');
    expect(hits(specificity, text, 'primaryText', /saving/)).toContain('Save');
    expect(specificity.score).toBeGreaterThanOrEqual(80);
    const persuasion = sub(analysis, 'persuasion');
    expect(hits(persuasion, text, 'primaryText', /social proof/)).toContain('2,000 teams');
    expect(sub(analysis, 'policy').score).toBe(100);
  });

  it('shows how Meta feed cuts the primary text and costs the hidden part', () => {
    const text =
      'Plan every sprint in minutes with boards your whole team understands at a glance, then ship on time with reminders that nudge, not nag. Start free today.';
    const analysis = analyseCopy(copy({ primaryText: text, headlines: ['Ship every sprint on time, every time'] }));
    const primary = analysis.fields.find((f) => f.field === 'primaryText')!;
    expect(primary.truncateAt).toBe(125);
    expect(primary.visible.length).toBeLessThanOrEqual(125);
    expect(primary.visible + primary.cut).toBe(text);
    expect(primary.cut).toContain('Start free today.');
    // Cut at a word break, as the feed does.
    expect(primary.visible.endsWith(' ') || primary.cut.startsWith(' ')).toBe(true);
    const headline = analysis.fields.find((f) => f.field === 'headline')!;
    expect(headline.visible.length).toBeLessThanOrEqual(27);
    const fit = sub(analysis, 'platformFit');
    expect(fit.score).toBeLessThan(100);
    expect(
      fit.spans.some((s) => s.field === 'primaryText' && s.kind === 'cost' && s.start === primary.visible.length),
    ).toBe(true);
  });

  it('rejects over-limit Google headlines and counts wide characters double', () => {
    const analysis = analyseCopy(
      copy({
        placement: 'google_rsa',
        headlines: ['Short one', 'Another short one', 'This headline is far too long for search ads'],
        primaryText: 'Fast support.',
        description: '',
      }),
    );
    const long = analysis.fields.find((f) => f.field === 'headline' && f.index === 2)!;
    expect(long.overLimit).toBe(true);
    expect(sub(analysis, 'platformFit').explanation).toMatch(/rejected/);
    const wide = analyseCopy(
      copy({ placement: 'google_rsa', headlines: ['日本語のテキスト日本語のテキスト', 'a', 'b'] }),
    );
    expect(wide.fields[0].length).toBe(32);
    expect(wide.fields[0].overLimit).toBe(true);
  });

  it('finds cues of every family in a crafted copy', () => {
    const text =
      'Don’t miss out: was $99, now $49. Limited spots. Trusted by experts. Here’s why you’ll love it. Cancel anytime.';
    const analysis = analyseCopy(copy({ primaryText: text }));
    const bias = sub(analysis, 'bias').spans.map((s) => s.reason.split(':')[0]);
    expect(new Set(bias)).toEqual(new Set(['loss aversion', 'anchoring', 'curiosity gap', 'default effect']));
    const persuasion = new Set(sub(analysis, 'persuasion').spans.map((s) => s.reason.split(':')[0]));
    expect(persuasion).toEqual(expect.objectContaining(new Set(['scarcity', 'authority', 'social proof'])));
  });

  it('scores clarity down for jargon and long sentences', () => {
    const plain = analyseCopy(copy({ primaryText: 'Get your invoices paid faster. Send one link. Get paid.' }));
    const jargon = analyseCopy(
      copy({
        primaryText:
          'We leverage best-in-class synergistic solutions to empower holistic, end-to-end optimization of mission-critical enterprise ecosystems across every scalable stakeholder paradigm worldwide today.',
      }),
    );
    expect(sub(plain, 'clarity').score).toBeGreaterThan(sub(jargon, 'clarity').score + 40);
    expect(sub(jargon, 'clarity').spans.filter((s) => s.reason.startsWith('jargon')).length).toBeGreaterThanOrEqual(5);
  });

  it('never throws on empty or very long input, and stays within 0–100', () => {
    const long = 'Save 30% today! '.repeat(320).slice(0, 5000);
    for (const placement of [
      'google_rsa',
      'meta_feed',
      'meta_reels',
      'linkedin_single_image',
      'x_promoted_post',
      'tiktok_in_feed',
    ] as const) {
      for (const c of [
        copy({ placement, landingUrl: '' }),
        copy({ placement, headlines: [long, ''], primaryText: long, description: long, cta: long, landingUrl: long }),
      ]) {
        const analysis = analyseCopy(c);
        for (const s of analysis.subScores) expect(s.score).toBeGreaterThanOrEqual(0);
        for (const s of analysis.subScores) expect(s.score).toBeLessThanOrEqual(100);
        expect(analysis.overall.score).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('ranks variants and explains the differences', () => {
    const strong = copy({
      headlines: ['Save 30% on your first order'],
      primaryText: 'Join 2,000 teams who plan sprints in minutes. Start your free trial today.',
      cta: 'Get Offer',
    });
    const weak = copy({
      headlines: ['Our innovative solutions'],
      primaryText: 'We leverage synergies to deliver world-class solutions. Learn more.',
      cta: 'Learn More',
    });
    const spam = copy({
      headlines: ['Guaranteed cure'],
      primaryText: 'Are you overweight? Miracle cure, guaranteed!!',
      cta: 'Shop Now',
    });
    const { ranking, steps } = compareVariants([weak, spam, strong]);
    expect(ranking.map((r) => r.index)).toEqual([2, 0, 1]);
    expect(steps).toHaveLength(2);
    expect(steps[0].explanation).toMatch(/Variant 3 scores \d+ more than variant 1/);
    expect(steps[0].headlineWinProbability).toBeGreaterThan(0);
  });
});
