import { PLATFORMS } from '@shared/constants';
import { addDays, World } from './world';

const NOW = new Date('2026-11-21T12:00:00Z');

describe('sandbox world', () => {
  it('is the same world for the same seed, and another for another seed', () => {
    const a = new World({ seed: 1, now: () => NOW });
    const b = new World({ seed: 1, now: () => NOW });
    const c = new World({ seed: 2, now: () => NOW });
    expect(a.accounts('meta').map((x) => x.id)).toEqual(b.accounts('meta').map((x) => x.id));
    expect(a.accounts('meta').map((x) => x.id)).not.toEqual(c.accounts('meta').map((x) => x.id));
    const account = a.accounts('google')[0];
    expect(a.totals('google', account.id, '2026-09-01', '2026-11-20')).toEqual(b.totals('google', account.id, '2026-09-01', '2026-11-20'));
  });

  it('gives every platform several accounts with platform-shaped ids and unique campaign ids', () => {
    const world = new World({ now: () => NOW });
    for (const platform of PLATFORMS) {
      const accounts = world.accounts(platform);
      expect(accounts.length).toBeGreaterThanOrEqual(3);
      const campaignIds = accounts.flatMap((a) => a.campaigns.map((c) => c.id));
      expect(new Set(campaignIds).size).toBe(campaignIds.length);
    }
    expect(world.accounts('google')[0].id).toMatch(/^\d{10}$/);
    expect(world.accounts('meta')[0].id).toMatch(/^act_\d+$/);
    expect(world.accounts('linkedin')[0].id).toMatch(/^\d{9}$/);
    expect(world.accounts('x')[0].id).toMatch(/^[0-9a-z]{11}$/);
    expect(world.accounts('tiktok')[0].id).toMatch(/^\d{19}$/);
  });

  it('makes campaign days the exact sum of their ads, and nothing after today', () => {
    const world = new World({ now: () => NOW });
    const account = world.accounts('meta')[0];
    const campaign = account.campaigns[0];
    const day = '2026-11-10';
    const total = campaign.ads.map((ad) => world.adDay('meta', ad.id, day)).reduce((s, d) => s + d.spendMinor, 0);
    expect(world.campaignDay('meta', campaign.id, day).spendMinor).toBe(total);
    expect(world.campaignDay('meta', campaign.id, addDays(world.today(account), 1)).impressions).toBe(0);
  });

  it('shows diminishing returns: doubling the budget less than doubles conversions', () => {
    const world = new World({ now: () => NOW });
    const { campaign } = world.campaign('google', world.accounts('google')[0].campaigns[0].id)!;
    const { maxConversionsPerDay: max, halfSaturationSpendMinor: half } = campaign.truth;
    const at = (s: number) => (max * s) / (half + s);
    expect(at(2 * half) / at(half)).toBeLessThan(2);
  });

  it('applies pauses and budget changes from the account’s current day on', () => {
    let now = NOW;
    const world = new World({ now: () => now });
    const account = world.accounts('tiktok')[0];
    const campaign = account.campaigns.find((c) => world.status('tiktok', c.id) === 'ACTIVE')!;
    const today = world.today(account);
    const before = world.campaignDay('tiktok', campaign.id, addDays(today, -1));
    world.setStatus('tiktok', campaign.id, 'PAUSED');
    expect(world.campaignDay('tiktok', campaign.id, today).spendMinor).toBe(0);
    expect(world.campaignDay('tiktok', campaign.id, addDays(today, -1))).toEqual(before);
    world.setStatus('tiktok', campaign.id, 'ACTIVE');
    world.setDailyBudget('tiktok', campaign.id, campaign.initialDailyBudgetMinor * 3);
    now = new Date(NOW.getTime() + 86_400_000);
    const tomorrow = world.today(account);
    expect(world.dailyBudgetMinor('tiktok', campaign.id, tomorrow)).toBe(campaign.initialDailyBudgetMinor * 3);
    expect(world.campaignDay('tiktok', campaign.id, tomorrow).spendMinor).toBeGreaterThan(campaign.initialDailyBudgetMinor);
  });

  it('has weekly seasonality: weekdays outspend weekends over a quarter', () => {
    const world = new World({ now: () => NOW });
    const account = world.accounts('linkedin')[0];
    const rows = world.rows('linkedin', account.id, '2026-08-23', '2026-11-20', 'campaign');
    const byWeekday = [0, 0, 0, 0, 0, 0, 0];
    for (const row of rows) byWeekday[new Date(`${row.date}T00:00:00Z`).getUTCDay()] += row.metrics.spendMinor;
    expect(byWeekday[2]).toBeGreaterThan(byWeekday[6]);
    expect(byWeekday[3]).toBeGreaterThan(byWeekday[0]);
  });
});
