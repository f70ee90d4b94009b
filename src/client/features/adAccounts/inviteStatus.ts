import {
  CONNECT_FAILURE_REASONS,
  type ConnectFailureReason,
  INVITE_STATUS_KEY,
  INVITE_STATUSES,
  type InviteStatus,
  type Plan,
  PLAN_ACCOUNT_LIMITS,
  PLAN_TITLES,
  PLANS,
} from '@shared/api/adAccounts';
import { type Platform, PLATFORM_LABELS, PLATFORMS } from '@shared/constants';

/** Session-storage key of the callback's other query parameters (platform, reason, counts, plan limit). */
export const CONNECT_RESULT_KEY = 'connect_result';

/** The query parameter the OAuth callback redirects with. */
export const INVITE_STATUS_PARAM = 'invite_status';

/** The callback's query parameters kept next to the status. */
const DETAIL_PARAMS = ['platform', 'reason', 'connected', 'plan', 'limit'] as const;
type DetailParam = (typeof DETAIL_PARAMS)[number];
type RawDetails = Partial<Record<DetailParam, string>>;

/** The message of each stored status (spec section 4). */
export const INVITE_MESSAGES: Record<InviteStatus, string> = {
  FAILED: 'Please contact support—something went wrong.',
  PENDING: 'Invitation sent. Please accept it in Google Ads → Access & Security.',
  ALREADY_LINKED: 'Hurray! Account linked successfully.',
};

/** The statuses that come with the Google Ads help box. */
export const STATUSES_WITH_HELP: readonly InviteStatus[] = ['FAILED', 'PENDING'];

/** What the callback said about the connection, checked: anything unknown is null. */
export interface ConnectResultDetails {
  platform: Platform | null;
  reason: ConnectFailureReason | null;
  /** How many ad accounts were connected. */
  connected: number | null;
  plan: Plan | null;
  limit: number | null;
}

/** A stored status and the details that came with it. */
export interface InviteNotice {
  status: InviteStatus;
  details: ConnectResultDetails;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null | undefined): T | null =>
  value !== null && value !== undefined && (values as readonly string[]).includes(value) ? (value as T) : null;

const count = (value: string | undefined): number | null =>
  value !== undefined && /^\d+$/.test(value) ? Number(value) : null;

// Storage can be missing or throw (private modes); the notice is a courtesy, never a blocker.
function storage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function attempt(effect: () => void): void {
  try {
    effect();
  } catch {
    // See storage().
  }
}

/** True when the URL's query is the OAuth callback's (it carries invite_status). */
export function isConnectCallback(search: string): boolean {
  return new URLSearchParams(search).has(INVITE_STATUS_PARAM);
}

/**
 * Keeps what the OAuth callback reported (spec section 4): the status in localStorage under
 * INVITE_STATUS_KEY, the other parameters in sessionStorage. An unknown status is not kept.
 */
export function saveConnectCallback(search: string): void {
  const query = new URLSearchParams(search);
  const status = oneOf(INVITE_STATUSES, query.get(INVITE_STATUS_PARAM));
  if (status === null) return;
  const details: RawDetails = {};
  for (const name of DETAIL_PARAMS) {
    const value = query.get(name);
    if (value !== null) details[name] = value;
  }
  attempt(() => storage('local')?.setItem(INVITE_STATUS_KEY, status));
  attempt(() => storage('session')?.setItem(CONNECT_RESULT_KEY, JSON.stringify(details)));
}

function readDetails(): ConnectResultDetails {
  let raw: RawDetails = {};
  try {
    const parsed: unknown = JSON.parse(storage('session')?.getItem(CONNECT_RESULT_KEY) ?? '{}');
    if (typeof parsed === 'object' && parsed !== null) raw = parsed as RawDetails;
  } catch {
    raw = {};
  }
  const text = (name: DetailParam) => (typeof raw[name] === 'string' ? raw[name] : undefined);
  return {
    platform: oneOf(PLATFORMS, text('platform')),
    reason: oneOf(CONNECT_FAILURE_REASONS, text('reason')),
    connected: count(text('connected')),
    plan: oneOf(PLANS, text('plan')),
    limit: count(text('limit')),
  };
}

/** The stored status and its details, or null when none (or an unknown one) is stored. */
export function loadInviteNotice(): InviteNotice | null {
  let status: InviteStatus | null;
  try {
    status = oneOf(INVITE_STATUSES, storage('local')?.getItem(INVITE_STATUS_KEY));
  } catch {
    status = null;
  }
  return status === null ? null : { status, details: readDetails() };
}

/** Forgets the stored status and its details. */
export function clearInviteNotice(): void {
  attempt(() => storage('local')?.removeItem(INVITE_STATUS_KEY));
  attempt(() => storage('session')?.removeItem(CONNECT_RESULT_KEY));
}

const accounts = (n: number) => `${n} connected ad account${n === 1 ? '' : 's'}`;

function planLimitMessage({ plan, limit }: ConnectResultDetails): string {
  const cap = limit ?? (plan ? PLAN_ACCOUNT_LIMITS[plan] : null);
  const whose = plan ? `Your ${PLAN_TITLES[plan]} plan` : 'Your plan';
  if (cap === null)
    return `${whose} has reached its limit of connected ad accounts. Disconnect one or upgrade to connect more.`;
  return `${whose} allows ${accounts(cap)}. Disconnect one or upgrade to connect more.`;
}

/** The line under the FAILED message that says why, or null when no (known) reason was given. */
export function failureReasonMessage(details: ConnectResultDetails): string | null {
  switch (details.reason) {
    case 'denied':
      return 'You cancelled the connection, so nothing was changed.';
    case 'expired_state':
      return 'That connection attempt expired or was already used. Please try again.';
    case 'wrong_browser':
      return 'Please finish connecting in the same browser you started from.';
    case 'plan_limit':
      return planLimitMessage(details);
    case 'no_accounts':
      return 'No ad accounts were shared. Connect again and pick at least one account.';
    case 'platform_error':
      return `${details.platform ? PLATFORM_LABELS[details.platform] : 'The platform'} did not complete the connection. Please try again in a moment.`;
    default:
      return null;
  }
}
