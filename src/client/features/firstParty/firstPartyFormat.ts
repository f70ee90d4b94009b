import type { FirstPartyImportResult, RatioInterval } from '@shared/api/firstParty';

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
  const interval = ratio.high === null ? `${formatRatio(ratio.low)} or more` : `${formatRatio(ratio.low)} to ${formatRatio(ratio.high)}`;
  return `claims ${formatRatio(ratio.mid)} its share (${interval})`;
}

/** What an import saved: "Saved 12 days (3 replaced), 1 Jan 2030 to 12 Jan 2030." */
export function importResultText(result: FirstPartyImportResult): string {
  const days = result.saved === 1 ? '1 day' : `${result.saved} days`;
  const replaced = result.replaced > 0 ? ` (${result.replaced} replaced ${result.replaced === 1 ? 'a day' : 'days'} saved before)` : '';
  return `Saved ${days}${replaced}, ${result.from} to ${result.to}.`;
}

/** A checked file waiting to be sent: "12 days, 2030-01-01 to 2030-01-12, ready to import." */
export function readyText(days: readonly { day: string }[]): string {
  const sorted = days.map(({ day }) => day).sort();
  const count = days.length === 1 ? '1 day' : `${days.length} days`;
  return `${count}, ${sorted[0]} to ${sorted.at(-1)}, checked and ready to import.`;
}
