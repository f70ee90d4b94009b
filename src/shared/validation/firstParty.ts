import { type InferType, object, string } from 'yup';

import {
  CONVERSION_BASES,
  type ConversionBasis,
  FIRST_PARTY_CSV_COLUMNS,
  FIRST_PARTY_CSV_MAX_ROWS,
  FIRST_PARTY_MAX_CONVERSIONS,
  FIRST_PARTY_MAX_REVENUE_MINOR,
  FIRST_PARTY_MESSAGES as M,
  type FirstPartyCsvColumn,
  type FirstPartyDayInput,
  type FirstPartyLineProblem,
} from '../api/firstParty';
import { decimalToMinor, minorDigits } from '../money';
import { isDashboardDay } from './dashboard';

/**
 * The first-party day checks, one definition for both sides: the server refuses with them and a
 * client may run them on a file before sending it. A check never stops at the first problem: each
 * bad line is named with everything wrong on it.
 */

const CURRENCY = /^[A-Z]{3}$/;
const WHOLE = /^\d+$/;
const DECIMAL = /^\d+(?:\.(\d+))?$/;

/** The raw values of one day, as text (a CSV line) or as JSON values (an ingestion item). */
export interface RawFirstPartyDay {
  day: unknown;
  conversions: unknown;
  revenue: unknown;
  currency: unknown;
}

const text = (value: unknown): string =>
  typeof value === 'string'
    ? value.trim()
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : value === undefined || value === null
        ? ''
        : JSON.stringify(value);

/** One day checked: the day, or every problem with it. */
export function checkFirstPartyDay(
  raw: RawFirstPartyDay,
): { day: FirstPartyDayInput; problems?: undefined } | { day?: undefined; problems: string[] } {
  const problems: string[] = [];
  const day = text(raw.day);
  if (!isDashboardDay(day)) problems.push(M.badDay(day));

  const conversionsText = text(raw.conversions);
  const conversions = Number(conversionsText);
  if (!WHOLE.test(conversionsText) || conversions > FIRST_PARTY_MAX_CONVERSIONS)
    problems.push(M.badConversions(conversionsText));

  const currencyText = text(raw.currency);
  const currency = currencyText.toUpperCase();
  const currencyOk = CURRENCY.test(currency);
  if (!currencyOk) problems.push(M.badCurrency(currencyText));

  const revenueText = text(raw.revenue);
  const decimal = DECIMAL.exec(revenueText);
  let revenueMinor = 0;
  if (!decimal) problems.push(M.badRevenue(revenueText));
  else if (currencyOk && (decimal[1]?.length ?? 0) > minorDigits(currency))
    problems.push(M.revenueDigits(revenueText, currency, minorDigits(currency)));
  else if (currencyOk) {
    revenueMinor = decimalToMinor(revenueText, currency);
    if (revenueMinor > FIRST_PARTY_MAX_REVENUE_MINOR) problems.push(M.revenueTooLarge(revenueText));
  }

  return problems.length > 0 ? { problems } : { day: { day, conversions, revenueMinor, currency } };
}

/**
 * Checks a list of days (an ingestion request's, or a CSV's lines with `lineOf` giving each one's
 * line number): every day valid and no day twice, or every bad line named.
 */
export function checkFirstPartyDays(
  raws: RawFirstPartyDay[],
  lineOf: (index: number) => number = (index) => index + 1,
): { days: FirstPartyDayInput[]; lines: FirstPartyLineProblem[] } {
  const days: FirstPartyDayInput[] = [];
  const lines: FirstPartyLineProblem[] = [];
  const seen = new Map<string, number>();
  raws.forEach((raw, index) => {
    const line = lineOf(index);
    const checked = checkFirstPartyDay(raw);
    const problems = checked.problems ? [...checked.problems] : [];
    const day = text(raw.day);
    const earlier = seen.get(day);
    if (earlier !== undefined && isDashboardDay(day)) problems.push(M.repeatedDay(day, earlier));
    else seen.set(day, line);
    if (problems.length > 0) lines.push({ line, problems });
    else if (checked.day) days.push(checked.day);
  });
  return { days, lines };
}

/** The cells of one CSV line; a cell may be double-quoted (a quote inside doubled). */
export function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === ',') {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

/** What a CSV file reads as: the valid days, or the problem with the whole file, or each bad line. */
export type FirstPartyCsvResult =
  { ok: true; days: FirstPartyDayInput[] } | { ok: false; detail: string; lines: FirstPartyLineProblem[] };

/**
 * Reads a first-party CSV: a header line naming the four columns (any order, any case), then one
 * day per line; blank lines are skipped (line numbers still count them). The whole file is
 * checked before anything is taken: one bad line and none is.
 */
export function parseFirstPartyCsv(body: string): FirstPartyCsvResult {
  const lines = body.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const headerIndex = lines.findIndex((line) => line.trim() !== '');
  if (headerIndex < 0) return { ok: false, detail: M.csvEmpty, lines: [] };
  const header = csvCells(lines[headerIndex]!).map((cell) => cell.toLowerCase());
  const unknown = header.filter((name) => !(FIRST_PARTY_CSV_COLUMNS as readonly string[]).includes(name));
  const missing = FIRST_PARTY_CSV_COLUMNS.filter((name) => !header.includes(name));
  const repeated = header.filter((name, index) => header.indexOf(name) !== index);
  const headerProblem = [
    ...(missing.length ? [`missing ${missing.join(', ')}`] : []),
    ...(unknown.length ? [`unknown ${unknown.map((name) => `"${name}"`).join(', ')}`] : []),
    ...(repeated.length ? [`${repeated.join(', ')} twice`] : []),
  ].join('; ');
  if (headerProblem)
    return {
      ok: false,
      detail: M.csvHeader(headerProblem),
      lines: [{ line: headerIndex + 1, problems: [headerProblem] }],
    };
  const position = Object.fromEntries(header.map((name, index) => [name, index])) as Record<
    FirstPartyCsvColumn,
    number
  >;

  const raws: RawFirstPartyDay[] = [];
  const numbers: number[] = [];
  const shape: FirstPartyLineProblem[] = [];
  for (let index = headerIndex + 1; index < lines.length; index += 1) {
    if (lines[index]!.trim() === '') continue;
    if (numbers.length >= FIRST_PARTY_CSV_MAX_ROWS) return { ok: false, detail: M.csvTooManyRows, lines: [] };
    const cells = csvCells(lines[index]!);
    if (cells.length !== header.length)
      shape.push({ line: index + 1, problems: [M.wrongColumnCount(header.length, cells.length)] });
    numbers.push(index + 1);
    raws.push({
      day: cells[position.day] ?? '',
      conversions: cells[position.conversions] ?? '',
      revenue: cells[position.revenue] ?? '',
      currency: cells[position.currency] ?? '',
    });
  }
  if (raws.length === 0) return { ok: false, detail: M.csvEmpty, lines: [] };

  const checked = checkFirstPartyDays(raws, (index) => numbers[index]!);
  // A line with the wrong number of values says so first, then what its values read as.
  const byLine = new Map<number, string[]>();
  for (const problem of [...shape, ...checked.lines])
    byLine.set(problem.line, [...(byLine.get(problem.line) ?? []), ...problem.problems]);
  if (byLine.size > 0) {
    const bad = [...byLine.entries()].sort(([a], [b]) => a - b).map(([line, problems]) => ({ line, problems }));
    return { ok: false, detail: M.csvRejected(bad.length), lines: bad };
  }
  return { ok: true, days: checked.days };
}

/** PUT first-party/basis/: which conversions suggestions and the optimizer weigh. */
export const conversionBasisSchema = object({
  basis: string()
    .strict()
    .typeError(M.badBasis)
    .required(M.badBasis)
    .oneOf(CONVERSION_BASES as readonly ConversionBasis[], M.badBasis),
});
export type ConversionBasisInput = InferType<typeof conversionBasisSchema>;
