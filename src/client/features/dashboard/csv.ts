import type { IsoDay } from '@shared/api/dashboard';

/** The export's file name: adwise-campaigns-2030-01-01-to-2030-01-07.csv. */
export function csvFileName(from: IsoDay, to: IsoDay): string {
  return `adwise-campaigns-${from}-to-${to}.csv`;
}

/**
 * Hands text to the browser as a downloaded CSV file. The object URL is let go on the next
 * task: revoking it at once can cancel the download in some browsers.
 */
export function downloadCsv(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url));
}
