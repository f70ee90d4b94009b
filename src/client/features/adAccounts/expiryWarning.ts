import { type Platform, PLATFORM_LABELS } from '@shared/constants';

/**
 * The words for a connection that ends soon unless it is reconnected (the server's `expiring`):
 * which platform, and the day, in the viewer's own time zone, by which to act.
 */

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** '7 Jan 2030'; the ISO text itself when it cannot be read. */
export function formatExpiryDay(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : DAY.format(at);
}

/** 'Reconnect Meta before 7 Jan 2030 to keep data flowing'. */
export function expiryWarningText(platform: Platform, expiresAt: string): string {
  return `Reconnect ${PLATFORM_LABELS[platform]} before ${formatExpiryDay(expiresAt)} to keep data flowing`;
}
