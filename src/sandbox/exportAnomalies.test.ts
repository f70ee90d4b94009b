import { sandboxCorpus } from './exportAnomalies';
import { World } from './world';

describe('the sandbox anomaly corpus', () => {
  const world = new World({ seed: 42, accountsPerPlatform: 1, now: () => new Date('2026-06-01T12:00:00Z') });
  const platformOf = (name: string) => name.split('-')[0] as 'meta';

  it('labels planted days only, and leaves the planted days too small to see blank', () => {
    const files = sandboxCorpus(world, 120);
    expect(files.length).toBeGreaterThan(3);
    let labelled = 0;
    let hidden = 0;
    for (const file of files) {
      expect(file.rows.length).toBeLessThanOrEqual(120);
      const campaigns = world.accounts(platformOf(file.name))[0].campaigns;
      const campaign = campaigns[Number(file.name.split('-')[2]) - 1];
      for (const row of file.rows) {
        const date = row.timestamp.slice(0, 10);
        const planted = world.anomaly(platformOf(file.name), campaign.id, date) !== null && world.campaignDay(platformOf(file.name), campaign.id, date).spendMinor > 0;
        const inWindow = file.windows.some(([start]) => start.startsWith(date));
        if (inWindow) labelled += 1;
        if (row.value === null) hidden += 1;
        // A window is always a planted day; a blank is always a planted day that is not labelled.
        if (inWindow) expect(planted).toBe(true);
        if (row.value === null) expect(planted && !inWindow).toBe(true);
        if (planted) expect(inWindow || row.value === null).toBe(true);
      }
    }
    expect(files.reduce((n, f) => n + f.hidden, 0)).toBe(hidden);
    expect(labelled + hidden).toBeGreaterThan(0);
  });

  it('labels every planted day when asked to', () => {
    const files = sandboxCorpus(world, 120, true);
    expect(files.every((f) => f.hidden === 0 && f.rows.every((r) => r.value !== null))).toBe(true);
  });
});
