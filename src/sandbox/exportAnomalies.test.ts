import { addDays } from '@shared/days';

import { sandboxCorpus } from './exportAnomalies';
import { type AnomalyKind, World } from './world';

describe('the sandbox anomaly corpus', () => {
  const world = new World({ seed: 42, accountsPerPlatform: 1, now: () => new Date('2026-06-01T12:00:00Z') });

  /** What a file's name says it holds: a platform's account conversions, or one campaign's clicks. */
  function subjectOf(name: string) {
    const [platform, , campaignNumber] = name.replace(/\.csv$/, '').split('-') as ['meta', string, string, string];
    const account = world.accounts(platform)[0];
    const campaigns = name.endsWith('-clicks.csv')
      ? [account.campaigns[Number(campaignNumber) - 1]]
      : account.campaigns;
    const kind: AnomalyKind = name.endsWith('-clicks.csv') ? 'click_spike' : 'tracking_outage';
    const planted = (date: string) =>
      campaigns.some(
        (c) => world.campaignDay(platform, c.id, date).spendMinor > 0 && world.anomaly(platform, c.id, date) === kind,
      );
    return { planted };
  }

  it('holds each account’s conversions and each campaign’s clicks, labelling planted days only and blanking the ones too small to see', () => {
    const files = sandboxCorpus(world, 120);
    expect(files.some((f) => f.name.endsWith('-conversions.csv'))).toBe(true);
    expect(files.some((f) => f.name.endsWith('-clicks.csv'))).toBe(true);
    let labelled = 0;
    for (const file of files) {
      expect(file.rows.length).toBeLessThanOrEqual(120);
      const { planted } = subjectOf(file.name);
      for (const row of file.rows) {
        const date = row.timestamp.slice(0, 10);
        const inWindow = file.windows.some(([start, end]) => start.slice(0, 10) <= date && date <= end.slice(0, 10));
        if (inWindow) {
          labelled += 1;
          expect(planted(date)).toBe(true);
        }
        // A planted day is either labelled or blank; an unplanted one never is labelled.
        if (planted(date)) expect(inWindow || row.value === null).toBe(true);
      }
    }
    expect(labelled).toBeGreaterThan(5);
  });

  it('makes planted days in a row one window, and labels every planted day when asked to', () => {
    const files = sandboxCorpus(world, 120, true);
    expect(files.every((f) => f.hidden === 0)).toBe(true);
    for (const file of files) {
      // Two windows never touch: the day after one ends is not the day the next starts.
      for (let i = 1; i < file.windows.length; i += 1)
        expect(file.windows[i][0].slice(0, 10) > addDays(file.windows[i - 1][1].slice(0, 10), 1)).toBe(true);
    }
  });
});
