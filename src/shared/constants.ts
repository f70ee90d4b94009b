/**
 * Every business constant of the product spec (section 9), named once.
 * Client and server both import from here; nothing else hard-codes these numbers.
 */

import { DAY_MS } from './days';

/** Trial length: 7 days. */
export const TRIAL_DURATION_MS = 604_800_000;
/** The trial reminder goes out this long before the trial ends. */
export const TRIAL_REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000;

/** Stat count-up animation length on the About page. */
export const STAT_COUNT_UP_MS = 900;
/** Share of the stats section that must be visible before it counts up. */
export const STAT_VISIBILITY_THRESHOLD = 0.3;
/** Trial countdown refresh. */
export const TRIAL_COUNTDOWN_TICK_MS = 1000;

/** Toasts stay this long. */
export const NOTIFICATION_DURATION_MS = 4000;
/** Toast position. */
export const NOTIFICATION_ANCHOR = { vertical: 'bottom', horizontal: 'center' } as const;

/** OTP length in digits. */
export const OTP_LENGTH = 6;
/** Seconds before an OTP can be sent again. */
export const RESEND_LOCK_SECONDS = 30;
/** Longest contact message. */
export const CONTACT_MESSAGE_MAX = 1000;
/** The characters-left counter turns amber below this many. */
export const CONTACT_COUNTER_WARN_BELOW = 30;
/** Shortest password. */
export const PASSWORD_MIN_LENGTH = 8;
/** Highest password strength score. */
export const PASSWORD_STRENGTH_MAX = 5;

/** User-info polling while signed in. */
export const USER_INFO_POLL_MS = 60_000;
/** Redirect to /login after a logout. */
export const LOGOUT_REDIRECT_MS = 800;
/** Redirect to /login after deleting the account. */
export const DELETE_REDIRECT_MS = 600;

/** Careers filters. */
export const CAREERS_TYPE_OPTIONS = ['All', 'Full-time', 'Internship', 'Freelance'] as const;
export const CAREERS_LOCATION_OPTIONS = ['All', 'Remote', 'India'] as const;
/** Promised reply window, in hours. */
export const REPLY_HOURS_MIN = 24;
export const REPLY_HOURS_MAX = 48;

/** Pro plan monthly price in rupees, and the yearly discount. */
export const PRO_MONTHLY_PRICE_INR = 1999;
export const YEARLY_DISCOUNT_PCT = 20;

/** Mobile menu width. */
export const MOBILE_MENU_WIDTH = '18rem';

/** The five ad platforms, in the order the product lists them. */
export const PLATFORMS = ['meta', 'google', 'linkedin', 'x', 'tiktok'] as const;
export type Platform = (typeof PLATFORMS)[number];
/** True for one of the supported platforms' names (route parameters, query values, payloads). */
export const isPlatform = (value: unknown): value is Platform => (PLATFORMS as readonly unknown[]).includes(value);
/** Display names. */
export const PLATFORM_LABELS: Record<Platform, string> = {
  meta: 'Meta',
  google: 'Google Ads',
  linkedin: 'LinkedIn',
  x: 'Twitter',
  tiktok: 'TikTok',
};

/** Addresses shown in the product. */
export const SUPPORT_EMAIL = 'support@adwise.app';
export const CAREERS_EMAIL = 'careers@adwise.app';

/** Key under which the session is stored in local or session storage. */
export const SESSION_STORAGE_KEY = 'userInfo';

/** How many recent Redux actions the diagnostics recorder keeps. */
export const DIAGNOSTICS_ACTION_LIMIT = 200;

/** Access tokens (JWT) live this long. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** A login's refresh-token family ends this long after the login, however often it rotates. */
export const REFRESH_TOKEN_TTL_MS = 30 * DAY_MS;
/** A password reset link works this long. */
export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;

/** Failed logins per account before a cooldown starts (spec: fewer than 3 are free). */
export const LOGIN_FAILURES_BEFORE_COOLDOWN = 3;
/** Failed logins per client IP before that IP cools down (higher: offices share addresses). */
export const IP_FAILURES_BEFORE_COOLDOWN = 10;
/** First cooldown; each further failure doubles it, up to the cap. */
export const LOGIN_COOLDOWN_BASE_SECONDS = 30;
export const LOGIN_COOLDOWN_MAX_SECONDS = 15 * 60;
/** Failures older than this no longer count. */
export const LOGIN_FAILURE_WINDOW_MS = 60 * 60 * 1000;
/**
 * A refresh token presented again this soon after its rotation (two tabs refreshing at once) gets
 * the same successor back, as long as that successor is still unused; later, it counts as reuse.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

/** Points for real actions. */
export const POINTS = {
  dailyVisit: 5,
  startTrial: 20,
  firstConnection: 50,
  suggestionActedOn: 10,
} as const;
