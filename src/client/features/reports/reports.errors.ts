import type { ErrorFallbacksOf } from '@client/api/errorFallbacks';

import type { reportsApi } from './reports.api';

/**
 * What a failed request of reports.api.ts says when the server gives no reason (spec section 8), by
 * endpoint name; a name missing here gets the generic text, null means the feature shows its own
 * feedback. The app composes every feature's table (app/errorFallbacks.ts).
 */
export const reportsErrorFallbacks = {
  // Client reports say a failed preview, save, PDF, link, schedule, history or review on the page
  // (a refused field under it); the shared page and the review page say theirs as the page.
  getReportPreview: null,
  previewReportDraft: null,
  createReport: null,
  updateReport: null,
  downloadReportPdf: null,
  createReportShare: null,
  getSharedReport: null,
  getReportSchedule: null,
  saveReportSchedule: null,
  deleteReportSchedule: null,
  listWorkspaceMembers: null,
  listReportDeliveries: null,
  downloadDeliveryPdf: null,
  getReportDelivery: null,
  approveReportDelivery: null,
  skipReportDelivery: null,
  deleteReport: 'Unable to delete the report. Please try again.',
  revokeReportShare: 'Unable to revoke the link. Please try again.',
} satisfies ErrorFallbacksOf<typeof reportsApi>;
