import type { Platform } from '../constants';
import type { IsoDay } from '../days';
import type { DisplayCurrency } from './dashboard';

/**
 * First-party truth (issue 37): a workspace's own daily conversions and revenue (from its shop or
 * CRM), imported as CSV or sent to a signed ingestion endpoint, and what they make of the ad
 * platforms' figures: blended CPA, blended ROAS, MER and each platform's over-attribution ratio.
 */

/** The CSV's columns (a header line naming them is required; any order). */
export const FIRST_PARTY_CSV_COLUMNS = ['day', 'conversions', 'revenue', 'currency'] as const;
export type FirstPartyCsvColumn = (typeof FIRST_PARTY_CSV_COLUMNS)[number];

/** Largest CSV file taken, in bytes (ten years of days is about 150 KB). */
export const FIRST_PARTY_CSV_MAX_BYTES = 512 * 1024;
/** Most data lines in one CSV file: ten years of days and a little more. */
export const FIRST_PARTY_CSV_MAX_ROWS = 3_700;
/** Most days in one signed ingestion request (a year and a day); send more in several requests. */
export const FIRST_PARTY_INGEST_MAX_DAYS = 366;
/** Largest first-party conversions of one day. */
export const FIRST_PARTY_MAX_CONVERSIONS = 1_000_000_000;
/** Largest revenue of one day, in minor units (10^13: a hundred billion dollars). */
export const FIRST_PARTY_MAX_REVENUE_MINOR = 10_000_000_000_000;
/** The over-attribution interval's level (the central 90%, as the rest of the analysis reports). */
export const FIRST_PARTY_INTERVAL_LEVEL = 0.9;

/**
 * Headers of a signed ingestion request: the key's id, the Unix time (seconds) it was signed, and
 * `v1=` + the hex HMAC-SHA256 under the key's secret of `<timestamp>.<raw body>` (the scheme alert
 * webhooks are signed with). The timestamp makes a captured request useless after a few minutes.
 */
export const FIRST_PARTY_KEY_HEADER = 'x-adwise-key-id';
export const FIRST_PARTY_TIMESTAMP_HEADER = 'x-adwise-timestamp';
export const FIRST_PARTY_SIGNATURE_HEADER = 'x-adwise-signature';
/** How far a request's timestamp may be from the server's clock, either way, in seconds. */
export const FIRST_PARTY_SIGNATURE_TOLERANCE_SECONDS = 300;

export const FIRST_PARTY_MESSAGES = {
  csvEmpty: 'The file is empty: it needs a header line (day,conversions,revenue,currency) and at least one day.',
  csvTooManyRows: `The file has more than ${FIRST_PARTY_CSV_MAX_ROWS.toLocaleString('en-US')} days; split it into several files.`,
  csvHeader: (problem: string) => `The first line must be the header day,conversions,revenue,currency (${problem}).`,
  csvRejected: (count: number) =>
    `${count === 1 ? '1 line is' : `${count} lines are`} not valid; nothing was imported.`,
  ingestRejected: (count: number) => `${count === 1 ? '1 day is' : `${count} days are`} not valid; nothing was saved.`,
  ingestTooMany: `Send at most ${FIRST_PARTY_INGEST_MAX_DAYS} days in one request.`,
  ingestNoDays: 'Send the days as {"days": [{"day", "conversions", "revenue", "currency"}, …]}.',
  wrongColumnCount: (expected: number, got: number) => `has ${got} ${got === 1 ? 'value' : 'values'}, not ${expected}`,
  badDay: (value: string) => `day "${value}" is not a YYYY-MM-DD day between 1970 and 2100`,
  repeatedDay: (day: string, line: number) => `day ${day} is also on line ${line}`,
  badConversions: (value: string) =>
    `conversions "${value}" is not a whole number from 0 to ${FIRST_PARTY_MAX_CONVERSIONS.toLocaleString('en-US')}`,
  badCurrency: (value: string) => `currency "${value}" is not a three-letter ISO 4217 code`,
  badRevenue: (value: string) =>
    `revenue "${value}" is not an amount of 0 or more (a plain decimal, no thousands separators)`,
  revenueDigits: (value: string, currency: string, digits: number) =>
    `revenue "${value}" has more than ${digits} decimals for ${currency}`,
  revenueTooLarge: (value: string) => `revenue "${value}" is too large`,
  missingSignature:
    'Sign the request: send the key id in X-Adwise-Key-Id, the Unix time in seconds in X-Adwise-Timestamp, and v1= followed by the hex HMAC-SHA256 of "<timestamp>.<raw body>" in X-Adwise-Signature.',
  staleTimestamp: `X-Adwise-Timestamp is more than ${FIRST_PARTY_SIGNATURE_TOLERANCE_SECONDS / 60} minutes from the server's clock: sign each request when you send it (and check the sender's clock).`,
  badSignature: 'The signature does not match the body under this key (or the key is unknown or was rotated).',
  malformedBody: 'The request body is not valid JSON.',
  noKey: 'This workspace has no ingestion key.',
  csvContentType: 'Send the file itself as the body, with Content-Type: text/csv.',
  badBasis: 'Choose platform (each platform’s own counts) or first_party (calibrated to your own numbers).',
} as const;

/** One bad line of a CSV (1-based, the header being line 1), or one bad day of an ingestion request (1-based position in `days`). */
export interface FirstPartyLineProblem {
  line: number;
  problems: string[];
}

/** The 400 of an import or an ingestion with bad lines: nothing was saved. */
export interface FirstPartyRejection {
  detail: string;
  code: 'validation_failed';
  lines: FirstPartyLineProblem[];
}

/** A first-party day as sent (CSV line or ingestion item) once checked: revenue in minor units of its currency. */
export interface FirstPartyDayInput {
  day: IsoDay;
  conversions: number;
  revenueMinor: number;
  currency: string;
}

/** POST first-party/import/ and POST first-party/ingest/: what was saved. */
export interface FirstPartyImportResult {
  /** Days saved (new or replaced). */
  saved: number;
  /** Of them, days that replaced a day saved before. */
  replaced: number;
  /** The first and last day saved. */
  from: IsoDay;
  to: IsoDay;
}

/** GET first-party/days/: one stored day, revenue in major units of its own currency. */
export interface FirstPartyDay {
  day: IsoDay;
  conversions: number;
  revenue: number;
  currency: string;
  source: 'csv' | 'ingest';
  updated_at: string;
}

/** The workspace's ingestion key without its secret (GET first-party/key/). */
export interface FirstPartyKey {
  id: string;
  created_at: string;
  last_used_at: string | null;
}

/** POST first-party/key/: the new key and its secret, shown this once (it is stored encrypted and never shown again). */
export interface FirstPartyKeyCreated extends FirstPartyKey {
  secret: string;
}

/** A ratio with its interval (null ends: no bound, e.g. no first-party conversions to divide by). */
export interface RatioInterval {
  mid: number;
  low: number;
  high: number | null;
}

/** One platform's claim against the first-party count. */
export interface PlatformAttribution {
  platform: Platform;
  /** Spend over the covered days, in the display currency. */
  spend: number;
  /** Its part of all ad spend (0..1). */
  spend_share: number;
  /** Conversions the platform itself reports over the covered days. */
  claimed_conversions: number;
  /** First-party conversions × spend share: the real conversions its spend would explain. */
  expected_conversions: number;
  /** claimed ÷ expected with its interval; null without first-party conversions or without spend. */
  over_attribution: RatioInterval | null;
}

/** The first-party figures of a range (present when the workspace has any first-party days). */
export interface FirstPartyFigures {
  /** Days of the range with a first-party day; every figure below reads these days only (ad spend too). */
  days_covered: number;
  conversions: number;
  /** First-party revenue converted into the display currency. */
  revenue: number;
  /** All ad spend (every connected account) over the covered days, in the display currency. */
  spend: number;
  /** spend ÷ first-party conversions; null without conversions. */
  blended_cpa: number | null;
  /** first-party revenue ÷ spend; null without spend. */
  blended_roas: number | null;
  /** Marketing efficiency ratio: revenue ÷ all ad spend; null without spend. */
  mer: number | null;
  /** The interval level of `over_attribution` (0.9: the central 90%). */
  interval_level: number;
  platforms: PlatformAttribution[];
  /** Currencies (of first-party days or of accounts) without an exchange rate: their amounts are left out. */
  unconverted_currencies: string[];
}

/** GET first-party/: the range as the dashboard resolved it, and the first-party figures or null. */
export interface FirstPartyView {
  currency: DisplayCurrency;
  range: { from: IsoDay; to: IsoDay; days: number };
  firstParty: FirstPartyFigures | null;
}

/**
 * Which conversions suggestions and the budget optimizer weigh: each platform's own counts (the
 * default), or those counts calibrated to the workspace's own numbers (each platform's scaled by
 * what its share of spend explains over what it claims, over the last CALIBRATION_DAYS days).
 */
export const CONVERSION_BASES = ['platform', 'first_party'] as const;
export type ConversionBasis = (typeof CONVERSION_BASES)[number];
/** Days (up to yesterday) the calibration reads. */
export const CALIBRATION_DAYS = 28;
/** The calibration's factor is kept within these bounds (a few days of data must not zero a platform out). */
export const CALIBRATION_FACTOR_MIN = 0.05;
export const CALIBRATION_FACTOR_MAX = 2;

export const CONVERSION_BASIS_LABELS: Record<ConversionBasis, string> = {
  platform: 'Each platform’s own conversion counts',
  first_party: 'Calibrated to your own numbers',
};

/** One platform's calibration: its conversions are multiplied by `factor` (1: left as claimed). */
export interface PlatformCalibration {
  platform: Platform;
  factor: number;
}

/** GET first-party/basis/: the workspace's choice and, when it is first_party, the factors in use now. */
export interface ConversionBasisView {
  basis: ConversionBasis;
  /** The days the factors were read over; null with the platform basis or without first-party days. */
  window: { from: IsoDay; to: IsoDay } | null;
  /** Empty with the platform basis, or when no platform could be calibrated (all stay as claimed). */
  platforms: PlatformCalibration[];
}
