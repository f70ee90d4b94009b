import { formatDay, formatDayWithYear, localeFor } from '@client/lib/format';
import { type Interval, SUGGESTION_TYPE_LABELS, type SuggestionType, type TypeRecord } from '@shared/api/suggestions';
import { minorToDecimal } from '@shared/money';
import { formatSureness } from '@shared/suggestionConfidence';

/** What a suggestion of each type is about, as its evidence names it ("This ad: …"). */
const ENTITY_OF_TYPE: Record<SuggestionType, 'ad' | 'campaign' | 'budget'> = {
  pause_ad: 'ad',
  creative_fatigue: 'ad',
  scale_campaign: 'campaign',
  reduce_budget: 'campaign',
  move_budget: 'campaign',
  day_of_week: 'campaign',
  boost_creative: 'ad',
  test_cta: 'ad',
  pace_budget: 'budget',
};

/** Types whose evidence shows the entity doing better than what it is compared with (the rest: worse). */
const BETTER_THAN_PEERS: ReadonlySet<SuggestionType> = new Set(['scale_campaign', 'boost_creative']);

/** What each type's evidence compares the entity with, as its figures and probability name it. */
const COMPARED_WITH: Record<SuggestionType, { short: string; phrase: string }> = {
  pause_ad: { short: 'peers', phrase: 'its peers' },
  creative_fatigue: { short: 'fresh', phrase: 'when fresh' },
  scale_campaign: { short: 'other campaigns', phrase: 'the other campaigns' },
  reduce_budget: { short: 'other campaigns', phrase: 'the other campaigns' },
  move_budget: { short: 'the campaign it goes to', phrase: 'the campaign it goes to' },
  day_of_week: { short: 'other days', phrase: 'the other days' },
  boost_creative: { short: 'peers', phrase: 'its peers' },
  test_cta: { short: 'peers', phrase: 'its peers' },
  pace_budget: { short: 'target band', phrase: 'its target band' },
};

/** What the entity's figures are set against: 'peers', 'the campaign it goes to'. */
export function comparedWith(type: SuggestionType): string {
  return COMPARED_WITH[type].short;
}

const ONE_DECIMAL = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const SIGNED_ONE_DECIMAL = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});
const FIGURE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** 'This ad' or 'This campaign': what the suggestion's figures are about. */
export function entityName(type: SuggestionType): string {
  return `This ${ENTITY_OF_TYPE[type]}`;
}

/** A probability 0..1 as a whole percentage: 0.917 -> '92%'. */
export function formatChance(probability: number): string {
  return `${Math.round(probability * 100)}%`;
}

export { formatConfidence, formatSureness } from '@shared/suggestionConfidence';

/** Conversions a week with their interval: '+3.1 conversions a week (1.2 to 5.0)'. */
export function formatConversionsPerWeek(interval: Interval): string {
  return `${SIGNED_ONE_DECIMAL.format(interval.mid)} conversions a week (${ONE_DECIMAL.format(interval.low)} to ${ONE_DECIMAL.format(interval.high)})`;
}

/** '1 suggestion', '3 suggestions'. */
export function formatSuggestionCount(count: number): string {
  return `${count} ${count === 1 ? 'suggestion' : 'suggestions'}`;
}

/** What some suggestions add up to: '3 suggestions · +10.1 conversions a week (3.7 to 16.5)'. */
export function formatImpactTotal(total: { count: number; conversionsPerWeek: Interval }): string {
  return `${formatSuggestionCount(total.count)} · ${formatConversionsPerWeek(total.conversionsPerWeek)}`;
}

/** Said when some suggestions set a budget another one sets too, and are left out of the sum. */
export function formatOverlap(overlapping: number): string {
  return `${formatSuggestionCount(overlapping)} ${overlapping === 1 ? 'sets' : 'set'} a budget another one also sets: only the one expected to bring more is counted.`;
}

/** Minor units of `currency` as money in that currency: 120000 INR -> '₹1,200.00'; `signed` adds '+' to a rise. */
export function formatMinorMoney(minor: number, currency: string, signed = false): string {
  const major = Number(minorToDecimal(minor, currency));
  return new Intl.NumberFormat(localeFor(currency), {
    style: 'currency',
    currency,
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(major);
}

/** The spend change a week, or null when the suggestion leaves spend as it is: 'Spend +₹1,200.00 a week (₹800.00 to ₹1,600.00)'. */
export function formatSpendPerWeek(interval: Interval, currency: string): string | null {
  if (interval.mid === 0) return null;
  const range = `${formatMinorMoney(interval.low, currency)} to ${formatMinorMoney(interval.high, currency)}`;
  return `Spend ${formatMinorMoney(interval.mid, currency, true)} a week (${range})`;
}

/** A figure of the evidence with its interval: '0.8 (0.5 to 1.1)'. */
export function formatInterval(interval: Interval): string {
  return `${FIGURE.format(interval.mid)} (${FIGURE.format(interval.low)} to ${FIGURE.format(interval.high)})`;
}

/** How sure the evidence is: '97% likely worse than its peers' ('better' for the types that promote a winner; never 100%). */
export function formatEvidenceProbability(probability: number, type: SuggestionType): string {
  const share = formatSureness(probability);
  // A budget is neither better nor worse than its target: it ends the month inside its band or not.
  if (type === 'pace_budget') return `${share} likely to end the month outside ${COMPARED_WITH[type].phrase}`;
  return `${share} likely ${BETTER_THAN_PEERS.has(type) ? 'better' : 'worse'} than ${COMPARED_WITH[type].phrase}`;
}

/** One line of the per-type ranking: 'Pause a losing ad: worked 5 of 7 (chance 71%, 45–90%)'. */
export function formatTypeRecord(record: TypeRecord): string {
  const { chance } = record;
  const interval = `${Math.round(chance.low * 100)}–${formatChance(chance.high)}`;
  return `${SUGGESTION_TYPE_LABELS[record.type]}: worked ${record.worked} of ${record.measured} (chance ${formatChance(chance.mid)}, ${interval})`;
}

const DATE = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

/** An instant's calendar day in the viewer's time zone: '14 Jan 2030'. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE.format(date);
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A chart day as read: '2030-01-07' -> '7 Jan 2030' (a full timestamp is read in the viewer's zone). */
export function formatChartDay(date: string): string {
  return ISO_DAY.test(date) ? formatDayWithYear(date) : formatDate(date);
}

/** A chart day as an axis tick: '2030-01-07' -> '7 Jan'. */
export function formatChartTick(date: string): string {
  return ISO_DAY.test(date) ? formatDay(date) : formatDate(date);
}
