import type { Platform } from '../constants';
import type { IsoDay } from '../days';
import type { Verdict } from './actions';
import type { CampaignRow, DisplayCurrency, PlatformAttribution, SeriesPoint, Totals, TotalsChange } from './dashboard';
import type { FirstPartyFigures } from './firstParty';

/**
 * Client reports (issue 17), shared by client and server. Every route is under the API base and
 * in the current workspace (X-Workspace-Id); reads need 'reports:read' (every member, the client
 * role included), writes 'reports:write' (owners and managers).
 *
 * GET    reports/                         -> Report[]              the workspace's reports, newest first
 * POST   reports/              ReportInput -> Report               201
 * GET    reports/<id>/                    -> Report
 * PUT    reports/<id>/         ReportInput -> Report
 * DELETE reports/<id>/                    -> 204                   its share links go with it
 * GET    reports/<id>/preview/            -> ReportData            the figures, as the PDF and the link show them
 * GET    reports/<id>/pdf/                -> application/pdf       A4, branded
 * POST   reports/<id>/share/   ReportShareInput -> ReportShareCreated   201; the period is fixed when the link is made
 * GET    reports/<id>/shares/             -> ReportShare[]         the links still open
 * DELETE reports/shares/<shareId>/        -> 204                   revokes a link
 * GET    shared/reports/<token>/ (public) -> ReportSharedView      404 unknown, 410 expired or revoked
 *
 * Every figure comes from the metrics seam the dashboard reads, through the dashboard's own
 * presenters: a report's headline figures, chart, platform rows and campaign rows equal the
 * dashboard's for the same period and currency.
 */

/** The sections a report may hold, in the order the builder offers them. */
export const REPORT_SECTIONS = [
  'headline',
  'chart',
  'platforms',
  'campaigns',
  'ads',
  'pacing',
  'alerts',
  'actions',
] as const;
export type ReportSectionKey = (typeof REPORT_SECTIONS)[number];

export const REPORT_SECTION_LABELS: Record<ReportSectionKey, string> = {
  headline: 'Headline figures',
  chart: 'Spend, CTR and conversions',
  platforms: 'By platform',
  campaigns: 'Top and bottom campaigns',
  ads: 'Top and bottom ads',
  pacing: 'Budget pacing',
  alerts: 'Alerts of the period',
  actions: 'What we did, and did it work',
};

export const REPORT_SECTION_DESCRIPTIONS: Record<ReportSectionKey, string> = {
  headline: 'Spend, impressions, clicks, CTR and conversions, each with its change against the period before.',
  chart: 'Spend, CTR and conversions day by day.',
  platforms: 'The same figures for each connected platform.',
  campaigns: 'The campaigns with the most conversions, and those that spent most for the fewest.',
  ads: 'The ads with the most conversions, and those that spent most for the fewest.',
  pacing: 'Each monthly budget: spent so far, projected and whether it is on track.',
  alerts: 'What the alert checks found during the period.',
  actions: 'Changes Adwise made at the platforms during the period and, once measured, whether they worked.',
};

export const REPORT_PERIODS = ['last_week', 'last_month', 'custom'] as const;
export type ReportPeriodKind = (typeof REPORT_PERIODS)[number];

export const REPORT_PERIOD_LABELS: Record<ReportPeriodKind, string> = {
  last_week: 'Last week (Monday to Sunday)',
  last_month: 'Last month',
  custom: 'Custom dates',
};

export const REPORT_LIMITS = {
  nameMax: 120,
  /** Reports per workspace. */
  perWorkspace: 100,
  /** Rows in each half of a top and bottom list. */
  topBottom: 5,
  /** Alerts and actions a report lists at most. */
  listMax: 20,
  /** A share link's life in days: the default, and the range one may pick. */
  shareDays: 30,
  minShareDays: 1,
  maxShareDays: 90,
} as const;

/** POST reports/ and PUT reports/<id>/. `from` and `to` only for a custom period (ignored otherwise). */
export interface ReportInput {
  name: string;
  sections: ReportSectionKey[];
  period: ReportPeriodKind;
  from?: IsoDay | null;
  to?: IsoDay | null;
  currency: DisplayCurrency;
}

export interface Report {
  id: string;
  name: string;
  sections: ReportSectionKey[];
  period: ReportPeriodKind;
  /** A custom period's days; null for last week and last month (resolved when the report is made). */
  from: IsoDay | null;
  to: IsoDay | null;
  currency: DisplayCurrency;
  created_at: string;
  updated_at: string;
}

/** What a report is branded with: the workspace's branding when someone saved it, else its name. */
export interface ReportBrand {
  name: string;
  /** #rrggbb, or null for the product's colour. */
  primary_color: string | null;
  /** A signed URL of the logo (on a shared link: the image itself, as a data: URL), or null. */
  logo_url: string | null;
}

export interface ReportPlatformRow {
  platform: Platform;
  label: string;
  totals: Totals;
}

export interface ReportAdRow {
  ad_id: string;
  name: string;
  platform: Platform;
  campaign_name: string | null;
  spend: number;
  impressions: number;
  clicks: number;
  conversions: number;
  ctr: number;
  cpc: number;
}

export interface ReportPacingRow {
  id: string;
  label: string;
  currency: string;
  month: string;
  target: number;
  spent: number;
  projected: number;
  status: 'on_track' | 'under' | 'over';
  advice: string;
}

export interface ReportAlertRow {
  id: string;
  day: IsoDay;
  severity: string;
  platform: Platform | null;
  entity_name: string;
  headline: string;
}

export interface ReportActionRow {
  id: string;
  applied_at: string;
  platform: Platform;
  headline: string;
  /** Attempts that changed nothing are left out; a change the platform took only in part is 'partially_applied'. */
  status: 'applied' | 'partially_applied' | 'undone';
  /** Conversions a week the change was expected to add (its mid forecast). */
  expected: number;
  /** Measured once its horizon passed: conversions a week it added, and the verdict. */
  observed: number | null;
  verdict: Verdict | null;
  /** "Worked", "No clear effect", "Backfired", "Undone", "Partly applied", or "Not measured yet". */
  verdict_label: string;
}

/** One section of a report's data, in the report's order. */
export type ReportSectionData =
  | {
      key: 'headline';
      title: string;
      summary: Totals;
      previous: Totals;
      change: TotalsChange;
      /**
       * How each platform counts the conversions above (platform-reported, under its attribution
       * window); absent from reports made before issue 37.
       */
      attribution?: PlatformAttribution[];
      /** The workspace's own conversions and revenue over the period with the blended figures, or null without first-party days. */
      first_party?: FirstPartyFigures | null;
    }
  | { key: 'chart'; title: string; series: SeriesPoint[] }
  | { key: 'platforms'; title: string; rows: ReportPlatformRow[] }
  | { key: 'campaigns'; title: string; top: CampaignRow[]; bottom: CampaignRow[] }
  | { key: 'ads'; title: string; top: ReportAdRow[]; bottom: ReportAdRow[] }
  | { key: 'pacing'; title: string; rows: ReportPacingRow[] }
  | { key: 'alerts'; title: string; rows: ReportAlertRow[]; total: number }
  | { key: 'actions'; title: string; rows: ReportActionRow[]; total: number };

/** GET reports/<id>/preview/: what the PDF and a share link show. */
export interface ReportData {
  report: { id: string; name: string; currency: DisplayCurrency };
  brand: ReportBrand;
  period: { kind: ReportPeriodKind; label: string; from: IsoDay; to: IsoDay; days: number };
  previous_period: { from: IsoDay; to: IsoDay };
  sections: ReportSectionData[];
  /** Account currencies without an exchange rate: their money is left out of the figures (as on the dashboard). */
  unconverted_currencies: string[];
  generated_at: string;
  /** A reviewer's note to the client, on a scheduled report they approved (absent elsewhere). */
  comment?: string | null;
}

export interface ReportShareInput {
  expires_in_days?: number;
}

export interface ReportShareCreated {
  id: string;
  url: string;
  token: string;
  expires_at: string;
  from: IsoDay;
  to: IsoDay;
}

export interface ReportShare {
  id: string;
  url: string;
  created_at: string;
  expires_at: string;
  from: IsoDay;
  to: IsoDay;
}

/** GET shared/reports/<token>/. */
export interface ReportSharedView extends ReportData {
  expires_at: string;
}

export const REPORT_MESSAGES = {
  notFound: 'Report not found.',
  shareNotFound: 'That share link was not found.',
  linkNotFound: 'This report link is not valid.',
  linkExpired: 'This report link has expired. Ask whoever sent it for a new one.',
  linkRevoked: 'This report link was revoked. Ask whoever sent it for a new one.',
  linkPaused:
    'This report is not available right now: the account that shared it has no active plan. Ask whoever sent it.',
  tooMany: `A workspace can keep up to ${REPORT_LIMITS.perWorkspace} reports. Delete one to make another.`,
  futurePeriod: 'The period must not end after today.',
} as const;

/** The user-facing validation messages of ../validation/reports. */
export const REPORT_VALIDATION = {
  nameRequired: 'Please give the report a name.',
  nameTooLong: `The name can be at most ${REPORT_LIMITS.nameMax} characters.`,
  sectionsRequired: 'Choose at least one section.',
  unknownSection: (value: string) => `"${value}" is not a report section. Choose from: ${REPORT_SECTIONS.join(', ')}.`,
  duplicateSection: (value: string) => `The section "${value}" is chosen twice.`,
  badPeriod: 'The period must be last week, last month or custom dates.',
  customNeedsFrom: 'A custom period needs a start date (YYYY-MM-DD).',
  customNeedsTo: 'A custom period needs an end date (YYYY-MM-DD).',
  badCurrency: 'Please choose one of the offered currencies.',
  badShareDays: `A link lasts ${REPORT_LIMITS.minShareDays} to ${REPORT_LIMITS.maxShareDays} days (a whole number).`,
} as const;
