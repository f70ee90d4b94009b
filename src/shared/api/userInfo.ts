/**
 * GET user-info/ (spec sections 3 and 7): who is signed in, their trial and their
 * gamification counters. The client never trusts the raw body; it goes through
 * `normalizeUserInfo` so that missing values take the spec's defaults.
 */

/** The user's trial as the server reports it. */
export interface TrialInfo {
  /** Whether a trial was started. */
  is_trial: boolean;
  /** When the trial ends, as an ISO 8601 timestamp; null when unknown. */
  trial_ends_at: string | null;
}

/** Engagement counters shown on the home page's dashboard preview. */
export interface GamificationInfo {
  /** Points earned. */
  points: number;
  /** Current streak, in days. */
  streak: number;
}

/** The body of GET user-info/. */
export interface UserInfo {
  /** Full name as registered. */
  fullName: string;
  /** The account's e-mail address (the product shows it as the e-mail). */
  username: string;
  /** Top-level trial flag; the nested `trial.is_trial` is the one the client reads. */
  is_trial: boolean;
  /** Trial state. */
  trial: TrialInfo;
  /** Points and streak. */
  gamification: GamificationInfo;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function asString(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function asCount(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

function asTimestamp(value: unknown): string | null {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : null;
}

/** Turns any user-info body into a complete `UserInfo`; missing or malformed values default (numbers to 0). */
export function normalizeUserInfo(raw: unknown): UserInfo {
  const body = asRecord(raw);
  const trial = asRecord(body.trial);
  const gamification = asRecord(body.gamification);
  return {
    fullName: asString(body.fullName),
    username: asString(body.username),
    is_trial: body.is_trial === true,
    trial: {
      is_trial: trial.is_trial === true,
      trial_ends_at: asTimestamp(trial.trial_ends_at),
    },
    gamification: {
      points: asCount(gamification.points),
      streak: asCount(gamification.streak),
    },
  };
}

/** True when the user is on a trial whose end lies after `nowMs`. */
export function hasActiveTrial(info: UserInfo | undefined, nowMs: number): boolean {
  if (!info?.trial.is_trial || info.trial.trial_ends_at === null) return false;
  return Date.parse(info.trial.trial_ends_at) > nowMs;
}
