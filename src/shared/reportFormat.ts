import { minorDigits } from './money';

/**
 * How a report writes its figures, the same in the browser's preview, the PDF and the shared page
 * (plain ASCII signs and the currency's code, which every PDF standard font can draw).
 */

const grouped = (digits: number) =>
  new Intl.NumberFormat('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** 1234.5 USD -> "USD 1,234.50"; 1234 JPY -> "JPY 1,234". */
export const reportMoney = (value: number, currency: string): string =>
  `${currency} ${grouped(minorDigits(currency)).format(value)}`;

/** A count: 12,345. */
export const reportCount = (value: number): string =>
  new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }).format(value);

/** A percentage already in percent: 2.35 -> "2.35%". */
export const reportPercent = (value: number): string => `${grouped(2).format(value)}%`;

/** A change in percent: +12.3%, -4.0%, or "n/a" without a previous value. */
export const reportChange = (change: number | null): string =>
  change === null ? 'n/a' : `${change > 0 ? '+' : change < 0 ? '-' : ''}${grouped(1).format(Math.abs(change))}%`;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 2030-03-04 -> "4 Mar 2030". */
export function reportDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${Number(date)} ${MONTHS[Number(month) - 1]} ${year}`;
}

/** "4 Mar 2030 to 10 Mar 2030". */
export const reportRange = (from: string, to: string): string =>
  from === to ? reportDay(from) : `${reportDay(from)} to ${reportDay(to)}`;
