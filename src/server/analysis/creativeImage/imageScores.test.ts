import { PLACEMENTS } from '@shared/creative/placements';
import sharp from 'sharp';

import type { PlacementId } from '../creative/types';
import { gradient, noise, png, type Size, solid, withText } from './creativeImage.fixtures';
import { readImage } from './imageInput';
import { analyseImage, type ImageAnalysis, type ImageSubScoreKey, scorePlacementFit, through } from './imageScores';

const SQUARE: Size = { width: 1080, height: 1080 };
const VERTICAL: Size = { width: 1080, height: 1920 };

const analyse = async (data: Buffer, size: Size, placement: PlacementId = 'meta_feed') => {
  const read = await readImage(data);
  if (!read.ok) throw new Error(read.refusal.message);
  expect(read.image).toMatchObject(size);
  return analyseImage(read.image, placement);
};
const sub = (analysis: ImageAnalysis, key: ImageSubScoreKey) => {
  const found = analysis.subScores.find((s) => s.key === key);
  if (!found) throw new Error(`no ${key}`);
  return found;
};
const score = (analysis: ImageAnalysis, key: ImageSubScoreKey) => sub(analysis, key).score;

describe('image sub-scores', () => {
  it('every sub-score is explained, and scored 0–100 or null', async () => {
    const analysis = await analyse(await png(gradient(SQUARE, '#ff8800', '#0044ff')), SQUARE);
    expect(analysis.subScores.map((s) => s.key)).toEqual([
      'placementFit',
      'brightness',
      'contrast',
      'colourfulness',
      'sharpness',
      'textCoverage',
      'safeZone',
    ]);
    for (const s of analysis.subScores) {
      expect(s.explanation.length).toBeGreaterThan(20);
      if (s.score !== null) expect(s.score).toBeGreaterThanOrEqual(0);
      if (s.score !== null) expect(s.score).toBeLessThanOrEqual(100);
    }
  });

  it('scores a blurred image lower on sharpness than the same image sharp', async () => {
    const sharpImage = await withText(noise(SQUARE, 11, { blur: 1 }), SQUARE, [
      { text: 'Crisp edges', y: 0.5, size: 0.08, colour: '#ffffff' },
    ]);
    const blurred = await png(sharp(sharpImage).blur(6));
    const crisp = await analyse(sharpImage, SQUARE);
    const soft = await analyse(blurred, SQUARE);
    expect(score(crisp, 'sharpness')!).toBeGreaterThan(80);
    expect(score(soft, 'sharpness')!).toBeLessThan(40);
    expect(sub(soft, 'sharpness').explanation).toMatch(/soft or blurred/);
  });

  it('scores a dark image low on brightness', async () => {
    const dark = await analyse(await png(gradient(SQUARE, '#050505', '#202a30')), SQUARE);
    const light = await analyse(await png(gradient(SQUARE, '#778899', '#bbccdd')), SQUARE);
    expect(score(dark, 'brightness')!).toBeLessThan(30);
    expect(sub(dark, 'brightness').explanation).toMatch(/dark/);
    expect(score(light, 'brightness')).toBe(100);
  });

  it('scores a grey image low on colourfulness, a colourful one high (Hasler–Süsstrunk)', async () => {
    const grey = await analyse(await png(noise(SQUARE, 3, { blur: 2 }).greyscale()), SQUARE);
    const colourful = await analyse(await png(gradient(SQUARE, '#ff0066', '#00ccff')), SQUARE);
    expect(score(grey, 'colourfulness')).toBe(0);
    expect(sub(grey, 'colourfulness').explanation).toMatch(/not colourful/);
    expect(score(colourful, 'colourfulness')!).toBeGreaterThanOrEqual(90);
  });

  it('scores a flat image low on contrast', async () => {
    expect(score(await analyse(await png(solid(SQUARE, '#777777')), SQUARE), 'contrast')).toBe(0);
  });

  it('estimates more text coverage on an image with big drawn text than on the same image plain', async () => {
    const base = () => gradient(SQUARE, '#ffe08a', '#fff8e6');
    const plain = await analyse(await png(base()), SQUARE);
    const texty = await analyse(
      await withText(base(), SQUARE, [
        { text: 'SALE 50% OFF', y: 0.3, size: 0.12 },
        { text: 'Everything must go', y: 0.5, size: 0.08 },
        { text: 'Today only', y: 0.7, size: 0.1 },
      ]),
      SQUARE,
    );
    expect(plain.textCoverage).toBe(0);
    expect(texty.textCoverage).toBeGreaterThan(0.1);
    expect(score(texty, 'textCoverage')!).toBeLessThan(score(plain, 'textCoverage')!);
  });

  it('finds no text in noise or soft texture', async () => {
    for (const image of [noise(SQUARE, 5), noise(SQUARE, 5, { blur: 2 }), noise(SQUARE, 5, { blur: 6 })]) {
      expect((await analyse(await png(image), SQUARE)).textCoverage).toBeLessThan(0.01);
    }
  });
});

describe('safe zones (Meta Reels: top 14%, bottom 35%, sides 6%)', () => {
  const base = () => gradient(VERTICAL, '#1d2b3a', '#5f87af');

  it('flags text drawn in the top 15% of a 9:16 image, with an overlay of the band and the text', async () => {
    const image = await withText(base(), VERTICAL, [
      { text: 'Shop the drop', y: 0.1, x: 0.2, size: 0.04, colour: '#ffffff' },
    ]);
    const analysis = await analyse(image, VERTICAL, 'meta_reels');
    const safe = sub(analysis, 'safeZone');
    expect(safe.score!).toBeLessThanOrEqual(60);
    expect(safe.explanation).toMatch(/top \(the account name and “Sponsored” label\)/);
    expect(safe.explanation).toMatch(/Faces are not detected/);

    const bands = analysis.overlay.filter((r) => r.kind === 'unsafe_band');
    expect(bands.map((b) => b.label.split(':')[0])).toEqual(['Top 14%', 'Bottom 35%', 'Left 6%', 'Right 6%']);
    expect(bands[0]).toMatchObject({ x: 0, y: 0, width: 1080, height: Math.round(0.14 * 1920) });
    const text = analysis.overlay.filter((r) => r.kind === 'text_outside_safe_zone');
    expect(text.length).toBeGreaterThan(0);
    for (const rect of text) {
      // In image coordinates (1080 × 1920), inside the top 15%.
      expect(rect.y + rect.height / 2).toBeLessThan(0.15 * 1920);
      expect(rect.x + rect.width).toBeLessThanOrEqual(1080);
    }
  });

  it('does not flag the same text in the middle', async () => {
    const image = await withText(base(), VERTICAL, [
      { text: 'Shop the drop', y: 0.5, x: 0.2, size: 0.04, colour: '#ffffff' },
    ]);
    const analysis = await analyse(image, VERTICAL, 'meta_reels');
    expect(analysis.textCoverage).toBeGreaterThan(0);
    expect(score(analysis, 'safeZone')).toBe(100);
    expect(analysis.overlay.filter((r) => r.kind === 'text_outside_safe_zone')).toEqual([]);
  });

  it('checks TikTok in-feed against its own bands', async () => {
    const image = await withText(base(), VERTICAL, [
      { text: 'Link in bio', y: 0.9, x: 0.1, size: 0.05, colour: '#ffffff' },
    ]);
    const analysis = await analyse(image, VERTICAL, 'tiktok_in_feed');
    expect(score(analysis, 'safeZone')!).toBeLessThanOrEqual(60);
    expect(sub(analysis, 'safeZone').explanation).toMatch(/bottom \(the caption/);
  });

  it('has no safe zone on feed placements', async () => {
    const analysis = await analyse(await png(base()), VERTICAL, 'meta_feed');
    expect(score(analysis, 'safeZone')).toBeNull();
    expect(analysis.overlay).toEqual([]);
  });
});

describe('size and aspect ratio against the placement', () => {
  const fit = (placement: PlacementId, width: number, height: number) =>
    scorePlacementFit(PLACEMENTS[placement], width, height);

  it('scores 16:9 low on Meta Reels and 9:16 full', () => {
    const wide = fit('meta_reels', 1920, 1080);
    expect(wide.score!).toBeLessThan(20);
    expect(wide.explanation).toMatch(/Meta Reels shows 9:16.*Re-frame it at 9:16/);
    expect(fit('meta_reels', 1080, 1920).score).toBe(100);
  });

  it('accepts the documented ratios of each placement at full marks', () => {
    expect(fit('meta_feed', 1080, 1080).score).toBe(100);
    expect(fit('meta_feed', 1080, 1350).score).toBe(100);
    expect(fit('linkedin_single_image', 1200, 628).score).toBe(100);
    expect(fit('x_promoted_post', 1200, 1200).score).toBe(100);
    expect(fit('tiktok_in_feed', 1080, 1920).score).toBe(100);
  });

  it('marks down an accepted-but-not-preferred ratio, an undersized image, and one under the minimum', () => {
    expect(fit('meta_feed', 1200, 628).score).toBe(80);
    const small = fit('meta_feed', 800, 800);
    expect(small.score!).toBeLessThan(100);
    expect(small.score!).toBeGreaterThan(70);
    expect(small.explanation).toMatch(/below the recommended 1080×1080/);
    const tiny = fit('meta_feed', 400, 400);
    expect(tiny.score!).toBeLessThanOrEqual(25);
    expect(tiny.explanation).toMatch(/under the platform’s minimum of 600×600 for 1:1 and will be refused/);
  });

  it('says Google responsive search shows no image', async () => {
    const analysis = await analyse(await png(gradient(SQUARE, '#fff', '#000')), SQUARE, 'google_rsa');
    expect(sub(analysis, 'placementFit')).toMatchObject({
      score: null,
      explanation: expect.stringMatching(/text only: no image is shown/),
    });
  });
});

describe('through', () => {
  it('interpolates between breakpoints and is flat beyond them', () => {
    const points: [number, number][] = [
      [0, 0],
      [10, 50],
      [20, 100],
    ];
    expect(through(points, -5)).toBe(0);
    expect(through(points, 5)).toBe(25);
    expect(through(points, 15)).toBe(75);
    expect(through(points, 99)).toBe(100);
  });
});
