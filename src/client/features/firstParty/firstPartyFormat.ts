import type { FirstPartyImportResult } from '@shared/api/firstParty';

/** What an import saved: "Saved 12 days (3 replaced), 1 Jan 2030 to 12 Jan 2030." */
export function importResultText(result: FirstPartyImportResult): string {
  const days = result.saved === 1 ? '1 day' : `${result.saved} days`;
  const replaced =
    result.replaced > 0
      ? ` (${result.replaced} replaced ${result.replaced === 1 ? 'a day' : 'days'} saved before)`
      : '';
  return `Saved ${days}${replaced}, ${result.from} to ${result.to}.`;
}

/** A checked file waiting to be sent: "12 days, 2030-01-01 to 2030-01-12, ready to import." */
export function readyText(days: readonly { day: string }[]): string {
  const sorted = days.map(({ day }) => day).sort();
  const count = days.length === 1 ? '1 day' : `${days.length} days`;
  return `${count}, ${sorted[0]} to ${sorted.at(-1)}, checked and ready to import.`;
}
