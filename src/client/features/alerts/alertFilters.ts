import { ALERT_KINDS, ALERT_SEVERITIES, type AlertKind, type AlertSeverity } from '@shared/api/alerts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

import type { AlertQuery } from './alerts.api';

/** The /alerts filters; null (or false for unreadOnly): every alert. */
export interface AlertFilters {
  kind: AlertKind | null;
  severity: AlertSeverity | null;
  account: string | null;
  unreadOnly: boolean;
}

/** Every filter unset. */
export const NO_ALERT_FILTERS: AlertFilters = { kind: null, severity: null, account: null, unreadOnly: false };

const isKind = (value: unknown): value is AlertKind => (ALERT_KINDS as readonly unknown[]).includes(value);
const isSeverity = (value: unknown): value is AlertSeverity => (ALERT_SEVERITIES as readonly unknown[]).includes(value);

/** The filters in an address (?kind&severity&account&unread=true); unknown values count as unset. */
export function readAlertFilters(params: URLSearchParams): AlertFilters {
  const kind = params.get('kind');
  const severity = params.get('severity');
  const account = params.get('account')?.trim();
  return {
    kind: isKind(kind) ? kind : null,
    severity: isSeverity(severity) ? severity : null,
    account: account ? account : null,
    unreadOnly: params.get('unread') === 'true',
  };
}

/** `params` with the filters written in (unset ones removed); other parameters are kept. */
export function writeAlertFilters(params: URLSearchParams, filters: AlertFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['kind', 'severity', 'account'] as const) {
    const value = filters[key];
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  if (filters.unreadOnly) next.set('unread', 'true');
  else next.delete('unread');
  return next;
}

/** The request for the filters; "Unread only" off asks for read and unread alike, not for read ones only. */
export function toAlertQuery(filters: AlertFilters): AlertQuery {
  return {
    kind: filters.kind ?? undefined,
    severity: filters.severity ?? undefined,
    account: filters.account ?? undefined,
    unread: filters.unreadOnly ? true : undefined,
  };
}

/** Whether any filter is set. */
export const isAlertFiltered = (filters: AlertFilters) =>
  filters.kind !== null || filters.severity !== null || filters.account !== null || filters.unreadOnly;

/**
 * The /alerts filters, kept in the address so a reload or a shared link shows the same list. A
 * change replaces the history entry: Back leaves the page rather than stepping through every
 * filter tried.
 */
export function useAlertFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readAlertFilters(params), [params]);
  const setFilters = useCallback(
    (patch: Partial<AlertFilters>) =>
      setParams((current) => writeAlertFilters(current, { ...readAlertFilters(current), ...patch }), { replace: true }),
    [setParams],
  );
  return { filters, setFilters };
}
