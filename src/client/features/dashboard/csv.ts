import { downloadBlob } from '@client/lib/downloadBlob';
import type { IsoDay } from '@shared/days';

/** The export's file name: adwise-campaigns-2030-01-01-to-2030-01-07.csv. */
export function csvFileName(from: IsoDay, to: IsoDay): string {
  return `adwise-campaigns-${from}-to-${to}.csv`;
}

/** Hands text to the browser as a downloaded CSV file. */
export function downloadCsv(text: string, fileName: string): void {
  downloadBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
}
