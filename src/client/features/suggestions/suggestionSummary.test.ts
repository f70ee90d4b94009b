import {
  BRAND_ACCOUNT,
  scaleSuggestionBody,
  suggestionBody,
  taskSuggestionBody,
} from '@client/test/suggestions.handlers';
import type { Interval } from '@shared/api/suggestions';

import { groupSuggestions, isSuggestionGrouping, summariseSuggestions } from './suggestionSummary';

const PAUSE = suggestionBody();
const SCALE = scaleSuggestionBody();
const TASK = taskSuggestionBody();
/** A monthly budget's pacing in the store account: it sets the scale suggestion's campaign budget too, and another's. */
const PACE = suggestionBody({
  id: 'sug-pace',
  type: 'pace_budget',
  platform: 'meta',
  account: { ...SCALE.account },
  impact: { conversions_per_week: { mid: 2, low: 1, high: 3 }, spend_per_week: { mid: 0, low: 0, high: 0 } },
  change: {
    kind: 'budgets',
    currency: 'INR',
    steps: [
      { campaign_id: 'cmp-1', campaign_name: 'Diwali Sale', from: 200000, to: 220000 },
      { campaign_id: 'cmp-9', campaign_name: 'Evergreen', from: 100000, to: 110000 },
    ],
  },
});

/** An interval matched to two decimals (sums of decimals are not exact). */
const about = (interval: Interval) => ({
  mid: expect.closeTo(interval.mid),
  low: expect.closeTo(interval.low),
  high: expect.closeTo(interval.high),
});

describe('summariseSuggestions', () => {
  it('counts the suggestions and adds up their conversions a week, mid, low and high, per type in order of their best', () => {
    const summary = summariseSuggestions([SCALE, PAUSE, TASK]);
    expect(summary).toMatchObject({
      count: 3,
      overlapping: 0,
      conversionsPerWeek: about({ mid: 10.1, low: 3.7, high: 16.5 }),
    });
    expect(summary.byType.map((total) => [total.type, total.count, total.conversionsPerWeek.mid])).toEqual([
      ['scale_campaign', 1, 6],
      ['pause_ad', 1, 3.1],
      ['test_cta', 1, 1],
    ]);
  });

  it('counts a budget once: of two suggestions setting it, only the one expected to bring more', () => {
    const summary = summariseSuggestions([PACE, SCALE, PAUSE]);
    expect(summary).toMatchObject({
      count: 3,
      overlapping: 1,
      conversionsPerWeek: about({ mid: 9.1, low: 3.7, high: 14.5 }),
    });
    const pace = summary.byType.find((total) => total.type === 'pace_budget')!;
    expect(pace).toMatchObject({ count: 1, overlapping: 1, conversionsPerWeek: { mid: 0, low: 0, high: 0 } });
  });

  it('does not take the same campaign id in another account for the same budget', () => {
    const elsewhere = { ...PACE, account: { ...BRAND_ACCOUNT } };
    expect(summariseSuggestions([elsewhere, SCALE]).overlapping).toBe(0);
  });

  it('is nothing for no suggestions', () => {
    expect(summariseSuggestions([])).toEqual({
      count: 0,
      overlapping: 0,
      conversionsPerWeek: { mid: 0, low: 0, high: 0 },
      byType: [],
    });
  });
});

describe('groupSuggestions', () => {
  const STORE_TASK = taskSuggestionBody({ id: 'sug-4', platform: 'meta', account: { ...SCALE.account } });

  it('groups by account, named with the platform, in the order of each group’s best suggestion', () => {
    const groups = groupSuggestions([PAUSE, SCALE, TASK, STORE_TASK], 'account');
    expect(groups.map((group) => [group.title, group.suggestions.map((s) => s.id), group.total.count])).toEqual([
      ['Brand (Google Ads)', ['sug-1', 'sug-3'], 2],
      ['Main store (Meta)', ['sug-2', 'sug-4'], 2],
    ]);
    expect(groups[0].total.conversionsPerWeek.mid).toBeCloseTo(4.1);
  });

  it('groups by type, named by the type’s label', () => {
    const groups = groupSuggestions([PAUSE, TASK, SCALE, STORE_TASK], 'type');
    expect(groups.map((group) => [group.title, group.suggestions.map((s) => s.id)])).toEqual([
      ['Pause a losing ad', ['sug-1']],
      ['Test new CTAs', ['sug-3', 'sug-4']],
      ['Scale a winning campaign', ['sug-2']],
    ]);
  });

  it('keeps one group of all, best first, for none; the overlap is judged over all suggestions', () => {
    expect(groupSuggestions([PAUSE, SCALE], 'none')).toEqual([
      {
        key: 'all',
        title: '',
        suggestions: [PAUSE, SCALE],
        total: expect.objectContaining({ count: 2, overlapping: 0 }),
      },
    ]);
    const [store] = groupSuggestions([PACE, SCALE], 'account');
    expect(store.total).toMatchObject({ count: 2, overlapping: 1, conversionsPerWeek: { mid: 6 } });
  });

  it('knows its groupings', () => {
    expect(['none', 'account', 'type', 'platform', null].map(isSuggestionGrouping)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
