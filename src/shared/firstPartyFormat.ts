import type { PlatformAttribution } from './api/dashboard';
import { describeWindows, MAY_DOUBLE_COUNT, PLATFORM_REPORTED } from './api/dashboard';
import type { FirstPartyFigures, RatioInterval } from './api/firstParty';
import { PLATFORM_LABELS } from './constants';
import { reportCount, reportMoney } from './reportFormat';

/**
 * How conversions and first-party figures are said in words, the same on the dashboard, in a
 * report's page and PDF, and to an AI assistant: the platforms' counts are their own claims under
 * their own windows, and the workspace's own count is set beside them.
 */

/** A ratio as read aloud: 1.5×, 0.92×, 12× (two significant figures, no trailing zeros). */
export function formatRatio(value: number): string {
  const rounded = value >= 10 ? Math.round(value) : Number(value.toPrecision(2));
  return `${rounded}×`;
}

/** A return on spend as a multiple, to the cent of each unit spent: 4.23×. */
export function formatMultiple(value: number): string {
  return `${value.toFixed(2)}×`;
}

/**
 * A platform's over-attribution in words, its interval beside it: "claims 1.5× its share (0.9× to
 * 2.8×)"; an interval without a top says "or more", since too few conversions leave it unbounded.
 */
export function overAttributionText(ratio: RatioInterval | null): string {
  if (!ratio) return 'no ratio: no first-party conversions or no spend over these days';
  const interval =
    ratio.high === null
      ? `${formatRatio(ratio.low)} or more`
      : `${formatRatio(ratio.low)} to ${formatRatio(ratio.high)}`;
  return `claims ${formatRatio(ratio.mid)} its share (${interval})`;
}

/** Under a conversions figure: whose count it is, and the double counting where platforms are added up. */
export function conversionsBasis(platforms: number): string {
  return platforms > 1 ? `${PLATFORM_REPORTED} · ${MAY_DOUBLE_COUNT}` : PLATFORM_REPORTED;
}

/** "Conversion windows: Google Ads: 30-day click, 1-day view; Meta: 7-day click, 1-day view.", or null without platforms. */
export function windowsSentence(attribution: readonly PlatformAttribution[]): string | null {
  return attribution.length > 0 ? `Conversion windows: ${describeWindows(attribution)}.` : null;
}

/** The heading of a report's first-party block. */
export const FIRST_PARTY_HEADING = 'Your own numbers';

/** A figure of the first-party block: its name, its value and what it divides. */
export interface FirstPartyFigureText {
  label: string;
  value: string;
  help: string;
}

const orNone = (value: number | null, format: (value: number) => string) => (value === null ? 'n/a' : format(value));

/** The blended figures of a report's first-party block, in the report's number style. */
export function firstPartyFigureTexts(
  figures: FirstPartyFigures,
  currency: string,
  rangeDays: number,
): FirstPartyFigureText[] {
  return [
    { label: 'Your conversions', value: reportCount(figures.conversions), help: 'From your own records' },
    { label: 'Your revenue', value: reportMoney(figures.revenue, currency), help: 'From your own records' },
    {
      label: 'Blended CPA',
      value: orNone(figures.blended_cpa, (value) => reportMoney(value, currency)),
      help: 'All ad spend ÷ your conversions',
    },
    { label: 'Blended ROAS', value: orNone(figures.blended_roas, formatMultiple), help: 'Your revenue ÷ all ad spend' },
    { label: 'MER', value: orNone(figures.mer, formatMultiple), help: 'Marketing efficiency: revenue ÷ all ad spend' },
    { label: 'Days covered', value: `${figures.days_covered} of ${rangeDays}`, help: 'Only these days are compared' },
  ];
}

/**
 * One sentence per platform: "Meta claims 1.6× its share (1.3× to 2×): 120 claimed where its share
 * of spend explains 75."; without a ratio, what it claimed and why there is none.
 */
export function platformClaimSentences(figures: FirstPartyFigures): string[] {
  return figures.platforms.map((platform) => {
    const name = PLATFORM_LABELS[platform.platform];
    const claimed = reportCount(platform.claimed_conversions);
    if (!platform.over_attribution)
      return `${name}: ${claimed} claimed; no ratio (no first-party conversions or no spend over these days).`;
    return `${name} ${overAttributionText(platform.over_attribution)}: ${claimed} claimed where its share of spend explains ${reportCount(platform.expected_conversions)}.`;
  });
}
