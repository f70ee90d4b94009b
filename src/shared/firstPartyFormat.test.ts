import type { PlatformAttribution } from './api/dashboard';
import type { FirstPartyFigures } from './api/firstParty';
import {
  conversionsBasis,
  firstPartyFigureTexts,
  formatMultiple,
  formatRatio,
  overAttributionText,
  platformClaimSentences,
  windowsSentence,
} from './firstPartyFormat';

const window = (platform: PlatformAttribution['platform'], label: string): PlatformAttribution => ({
  platform,
  basis: 'platform-reported',
  label,
  click_days: null,
  view_days: null,
  windows: [],
  updated_at: null,
});

const FIGURES: FirstPartyFigures = {
  days_covered: 28,
  conversions: 100,
  revenue: 5000,
  spend: 2000,
  blended_cpa: 20,
  blended_roas: 2.5,
  mer: 2.5,
  interval_level: 0.9,
  platforms: [
    {
      platform: 'meta',
      spend: 1500,
      spend_share: 0.75,
      claimed_conversions: 120,
      expected_conversions: 75,
      over_attribution: { mid: 1.6, low: 1.3, high: 2 },
    },
    {
      platform: 'google',
      spend: 500,
      spend_share: 0.25,
      claimed_conversions: 10,
      expected_conversions: 25,
      over_attribution: null,
    },
  ],
  unconverted_currencies: [],
};

describe('firstPartyFormat', () => {
  it('writes a ratio to two significant figures, and whole from ten up', () => {
    expect(formatRatio(1.5)).toBe('1.5×');
    expect(formatRatio(0.8765)).toBe('0.88×');
    expect(formatRatio(2)).toBe('2×');
    expect(formatRatio(12.4)).toBe('12×');
  });

  it('writes a multiple to two decimals', () => {
    expect(formatMultiple(4)).toBe('4.00×');
    expect(formatMultiple(3.14159)).toBe('3.14×');
  });

  it('says an over-attribution in words with its interval, open-ended without a top', () => {
    expect(overAttributionText({ mid: 1.5, low: 0.9, high: 2.8 })).toBe('claims 1.5× its share (0.9× to 2.8×)');
    expect(overAttributionText({ mid: 3, low: 1.2, high: null })).toBe('claims 3× its share (1.2× or more)');
    expect(overAttributionText(null)).toMatch(/^no ratio/);
  });

  it('marks conversions as platform-reported, and as possibly double counted only where platforms are added up', () => {
    expect(conversionsBasis(1)).toBe('Platform-reported');
    expect(conversionsBasis(0)).toBe('Platform-reported');
    expect(conversionsBasis(3)).toBe('Platform-reported · May count a conversion more than once');
  });

  it("names each platform's window in one sentence, and nothing without platforms", () => {
    expect(
      windowsSentence([window('google', '30-day click, 1-day view'), window('meta', '7-day click, 1-day view')]),
    ).toBe('Conversion windows: Google Ads: 30-day click, 1-day view; Meta: 7-day click, 1-day view.');
    expect(windowsSentence([])).toBeNull();
  });

  it('writes the blended figures in the report style, n/a where nothing divides', () => {
    const texts = firstPartyFigureTexts({ ...FIGURES, blended_roas: null }, 'USD', 30);
    expect(texts.map((text) => [text.label, text.value])).toEqual([
      ['Your conversions', '100'],
      ['Your revenue', 'USD 5,000.00'],
      ['Blended CPA', 'USD 20.00'],
      ['Blended ROAS', 'n/a'],
      ['MER', '2.50×'],
      ['Days covered', '28 of 30'],
    ]);
  });

  it("sets each platform's claim against what its share of spend explains", () => {
    expect(platformClaimSentences(FIGURES)).toEqual([
      'Meta claims 1.6× its share (1.3× to 2×): 120 claimed where its share of spend explains 75.',
      'Google Ads: 10 claimed; no ratio (no first-party conversions or no spend over these days).',
    ]);
  });
});
