import { type ActionOutcome, VERDICT_LABELS } from '@shared/api/actions';
import type { DisplayCurrency } from '@shared/api/dashboard';
import type {
  Report,
  ReportActionRow,
  ReportAlertRow,
  ReportPeriodKind,
  ReportSectionKey,
  ReportShare,
} from '@shared/api/reports';
import { type Interval } from '@shared/api/suggestions';
import type { Platform } from '@shared/constants';

import type { alerts } from '../../db/schema';
import type { ActionRow } from '../actions/actions.queries';
import type { ReportRow, ReportShareRow } from './reports.queries';

/** Rows -> API shapes. */

export function presentReport(row: ReportRow): Report {
  return {
    id: row.id,
    name: row.name,
    sections: row.sections as ReportSectionKey[],
    period: row.period as ReportPeriodKind,
    from: row.periodFrom,
    to: row.periodTo,
    currency: row.currency as DisplayCurrency,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentShare(row: ReportShareRow, url: string): ReportShare {
  return {
    id: row.id,
    url,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    from: row.periodFrom,
    to: row.periodTo,
  };
}

export function presentAlertRow(row: typeof alerts.$inferSelect): ReportAlertRow {
  return {
    id: row.id,
    day: row.day,
    severity: row.severity,
    platform: (row.platform as Platform | null) ?? null,
    entity_name: row.entityName,
    headline: row.headline,
  };
}

export function presentActionRow(row: ActionRow): ReportActionRow {
  const outcome = (row.outcome as ActionOutcome | null) ?? null;
  const status = row.status as ReportActionRow['status'];
  return {
    id: row.id,
    applied_at: row.appliedAt.toISOString(),
    platform: row.platform as Platform,
    headline: row.headline,
    status,
    expected: (row.forecast as Interval).mid,
    observed: outcome ? outcome.observed.mid : null,
    verdict: outcome ? outcome.verdict : null,
    verdict_label:
      status === 'undone'
        ? 'Undone'
        : status === 'partially_applied'
          ? 'Partly applied'
          : outcome
            ? VERDICT_LABELS[outcome.verdict]
            : 'Not measured yet',
  };
}
