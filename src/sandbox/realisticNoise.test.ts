import { PLATFORMS } from '@shared/constants';
import { addDays } from '@shared/days';

import { sandboxCorpus } from './exportAnomalies';
import { benignDay, CATCH_UP_SHARE, HOLIDAY_EFFECT, PROMOTION_RATE } from './realisticNoise';
import { World } from './world';

const NOW = new Date('2026-06-01T12:00:00Z');

describe('the sandbox’s realistic noise', () => {
  it('is a pure function of the seed and the day, and leaves a clean world exactly as it was', () => {
    expect(benignDay(42, 'meta/a', 'meta/c', '2026-03-02')).toEqual(benignDay(42, 'meta/a', 'meta/c', '2026-03-02'));
    expect(benignDay(42, 'meta/a', 'meta/c', '2026-03-02')).not.toEqual(benignDay(7, 'meta/a', 'meta/c', '2026-03-02'));
    const clean = new World({ seed: 42, now: () => NOW });
    const byDefault = new World({ seed: 42, now: () => NOW, noise: 'clean' });
    const realistic = new World({ seed: 42, now: () => NOW, noise: 'realistic' });
    const campaign = clean.accounts('google')[0].campaigns[0];
    const days = Array.from({ length: 60 }, (_, i) => addDays('2026-05-30', -i));
    expect(days.map((d) => clean.campaignDay('google', campaign.id, d))).toEqual(
      days.map((d) => byDefault.campaignDay('google', campaign.id, d)),
    );
    expect(days.map((d) => realistic.campaignDay('google', campaign.id, d))).not.toEqual(
      days.map((d) => clean.campaignDay('google', campaign.id, d)),
    );
    // Spend follows the budget, not the day's demand.
    expect(days.map((d) => realistic.campaignDay('google', campaign.id, d).spendMinor)).toEqual(
      days.map((d) => clean.campaignDay('google', campaign.id, d).spendMinor),
    );
  });

  it('has heavy tails, promotion days at their rate, holidays and catch-ups that move conversions to the next day', () => {
    const logs: number[] = [];
    let promotions = 0;
    let accountDays = 0;
    for (let a = 0; a < 20; a += 1) {
      for (let i = 0; i < 365; i += 1) {
        const date = addDays('2025-01-01', i);
        const day = benignDay(42, `meta/a${a}`, `meta/c${a}`, date);
        logs.push(Math.log(day.clicks));
        accountDays += 1;
        // A promotion lifts conversions more than clicks; nothing else does.
        if (day.conversions / day.clicks > 1.3) promotions += 1;
      }
    }
    const mean = logs.reduce((s, x) => s + x, 0) / logs.length;
    const variance = logs.reduce((s, x) => s + (x - mean) ** 2, 0) / logs.length;
    const kurtosis = logs.reduce((s, x) => s + (x - mean) ** 4, 0) / logs.length / variance ** 2;
    // A normal's kurtosis is 3; real day-to-day swings (and a Student-t₃'s) are far heavier.
    expect(kurtosis).toBeGreaterThan(5);
    expect(promotions / accountDays).toBeGreaterThan(PROMOTION_RATE / 2);
    expect(promotions / accountDays).toBeLessThan(PROMOTION_RATE * 2);
    // Christmas against the days around it, the demand noise being the same kind.
    const christmas = benignDay(1, 'x/a', 'x/c', '2025-12-25');
    expect(christmas.conversions / christmas.clicks).toBeCloseTo(HOLIDAY_EFFECT.conversions / HOLIDAY_EFFECT.clicks, 1);
    // Find a catch-up: that day's conversions are down by its share and the next day's up by as much.
    for (let i = 0; i < 2000; i += 1) {
      const date = addDays('2025-01-01', i);
      const today = benignDay(3, 'g/a', 'g/c', date);
      const next = benignDay(3, 'g/a', 'g/c', addDays(date, 1));
      if (
        Math.abs(today.conversions / today.clicks - (1 - CATCH_UP_SHARE)) < 1e-9 &&
        Math.abs(next.conversions / next.clicks - (1 + CATCH_UP_SHARE)) < 1e-9
      )
        return;
    }
    throw new Error('no reporting catch-up in 2000 days');
  });

  it('keeps the planted anomalies where they were: the corpus labels the same kinds on the same days', () => {
    // One account per platform: every platform's anomaly kinds and corpus labels, at a third of the work of the default world.
    const clean = new World({ seed: 7, now: () => NOW, accountsPerPlatform: 1 });
    const realistic = new World({ seed: 7, now: () => NOW, noise: 'realistic', accountsPerPlatform: 1 });
    for (const platform of PLATFORMS) {
      for (const campaign of clean.accounts(platform)[0].campaigns) {
        for (let i = 1; i <= 90; i += 1) {
          const date = addDays('2026-05-31', -i);
          expect(realistic.anomaly(platform, campaign.id, date)).toBe(clean.anomaly(platform, campaign.id, date));
        }
      }
    }
    const labelled = (world: World) =>
      sandboxCorpus(world, 120, true).map((file) => [file.name, file.windows] as const);
    expect(labelled(clean).filter(([, windows]) => windows.length > 0).length).toBeGreaterThan(3);
    expect(labelled(realistic)).toEqual(labelled(clean));
  });
});
