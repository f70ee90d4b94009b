import { baseApi } from '@client/api/baseApi';
import { invalidatesOnSuccess, LIST_ID, providesList } from '@client/api/tags';
import type {
  Report,
  ReportData,
  ReportInput,
  ReportShare,
  ReportShareCreated,
  ReportSharedView,
} from '@shared/api/reports';
import type {
  ReportDelivery,
  ReportDeliveryDetail,
  ReportReviewInput,
  ReportSchedule,
  ReportScheduleInput,
  ReportScheduleView,
} from '@shared/api/reportSchedules';
import type { Member, Team } from '@shared/api/workspaces';

const LIST = { type: 'Report', id: LIST_ID } as const;
/** The sent history (issue 17), under the Report tag type: saving a schedule or reviewing a draft refetches it. */
const DELIVERIES = { type: 'Report', id: 'DELIVERIES' } as const;
const scheduleTag = (reportId: string) => ({ type: 'Report', id: `schedule:${reportId}` }) as const;
const deliveryTag = (id: string) => ({ type: 'Report', id: `delivery:${id}` }) as const;
/** An object URL of a PDF answer (the store keeps no Blob), or the error body. */
const pdfHandler = async (response: Response) =>
  response.ok ? URL.createObjectURL(await response.blob()) : response.json();

/** Client reports (contract: @shared/api/reports), injected into the one API. */
export const reportsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listReports: build.query<Report[], void>({
      query: () => 'reports/',
      providesTags: (result) => providesList('Report', result),
    }),
    createReport: build.mutation<Report, ReportInput>({
      query: (body) => ({ url: 'reports/', method: 'POST', body }),
      invalidatesTags: invalidatesOnSuccess([LIST]),
    }),
    updateReport: build.mutation<Report, { id: string; input: ReportInput }>({
      query: ({ id, input }) => ({ url: `reports/${encodeURIComponent(id)}/`, method: 'PUT', body: input }),
      invalidatesTags: invalidatesOnSuccess(({ id }) => [LIST, { type: 'Report', id }]),
    }),
    deleteReport: build.mutation<void, string>({
      query: (id) => ({ url: `reports/${encodeURIComponent(id)}/`, method: 'DELETE' }),
      invalidatesTags: invalidatesOnSuccess((id) => [LIST, { type: 'Report', id }]),
    }),
    // The preview is the report's data as its PDF and links show it; a saved change refetches it.
    getReportPreview: build.query<ReportData, string>({
      query: (id) => `reports/${encodeURIComponent(id)}/preview/`,
      providesTags: (_result, _error, id) => [{ type: 'Report', id }],
    }),
    // A GET, but an action: each click wants a new file (an object URL; the store keeps no Blob).
    downloadReportPdf: build.mutation<string, string>({
      query: (id) => ({
        url: `reports/${encodeURIComponent(id)}/pdf/`,
        method: 'GET',
        responseHandler: pdfHandler,
      }),
    }),
    createReportShare: build.mutation<ReportShareCreated, { id: string; expires_in_days?: number }>({
      query: ({ id, expires_in_days }) => ({
        url: `reports/${encodeURIComponent(id)}/share/`,
        method: 'POST',
        body: expires_in_days ? { expires_in_days } : {},
      }),
      invalidatesTags: invalidatesOnSuccess(({ id }) => [{ type: 'ReportShare', id }]),
    }),
    listReportShares: build.query<ReportShare[], string>({
      query: (id) => `reports/${encodeURIComponent(id)}/shares/`,
      providesTags: (_result, _error, id) => [{ type: 'ReportShare', id }],
    }),
    revokeReportShare: build.mutation<void, { shareId: string; reportId: string }>({
      query: ({ shareId }) => ({ url: `reports/shares/${encodeURIComponent(shareId)}/`, method: 'DELETE' }),
      invalidatesTags: invalidatesOnSuccess(({ reportId }) => [{ type: 'ReportShare', id: reportId }]),
    }),
    getSharedReport: build.query<ReportSharedView, string>({
      query: (token) => `shared/reports/${encodeURIComponent(token)}/`,
    }),
    // Scheduled reports (contract: @shared/api/reportSchedules).
    getReportSchedule: build.query<ReportScheduleView, string>({
      query: (reportId) => `reports/${encodeURIComponent(reportId)}/schedule/`,
      providesTags: (_result, _error, reportId) => [scheduleTag(reportId)],
    }),
    saveReportSchedule: build.mutation<ReportSchedule, { reportId: string; input: ReportScheduleInput }>({
      query: ({ reportId, input }) => ({
        url: `reports/${encodeURIComponent(reportId)}/schedule/`,
        method: 'PUT',
        body: input,
      }),
      invalidatesTags: invalidatesOnSuccess(({ reportId }) => [scheduleTag(reportId), DELIVERIES]),
    }),
    deleteReportSchedule: build.mutation<void, string>({
      query: (reportId) => ({ url: `reports/${encodeURIComponent(reportId)}/schedule/`, method: 'DELETE' }),
      invalidatesTags: invalidatesOnSuccess((reportId) => [scheduleTag(reportId), DELIVERIES]),
    }),
    listReportDeliveries: build.query<ReportDelivery[], void>({
      query: () => 'reports/deliveries/',
      providesTags: (result) => [DELIVERIES, ...(result ?? []).map(({ id }) => deliveryTag(id))],
    }),
    getReportDelivery: build.query<ReportDeliveryDetail, string>({
      query: (id) => `reports/deliveries/${encodeURIComponent(id)}/`,
      providesTags: (_result, _error, id) => [deliveryTag(id)],
    }),
    downloadDeliveryPdf: build.mutation<string, string>({
      query: (id) => ({
        url: `reports/deliveries/${encodeURIComponent(id)}/pdf/`,
        method: 'GET',
        responseHandler: pdfHandler,
      }),
    }),
    approveReportDelivery: build.mutation<ReportDelivery, { id: string } & ReportReviewInput>({
      query: ({ id, comment }) => ({
        url: `reports/deliveries/${encodeURIComponent(id)}/approve/`,
        method: 'POST',
        body: { comment: comment ?? null },
      }),
      invalidatesTags: invalidatesOnSuccess(({ id }) => [DELIVERIES, deliveryTag(id)]),
    }),
    skipReportDelivery: build.mutation<ReportDelivery, string>({
      query: (id) => ({ url: `reports/deliveries/${encodeURIComponent(id)}/skip/`, method: 'POST' }),
      invalidatesTags: invalidatesOnSuccess((id) => [DELIVERIES, deliveryTag(id)]),
    }),
    // The schedule's member picker. The team page's getTeam reads the same route, but features do
    // not import each other (eslint's feature zones): this reads it under the same tag, so a change
    // to the team refetches both.
    listWorkspaceMembers: build.query<Member[], void>({
      query: () => 'workspace/team/',
      transformResponse: (team: Team) => team.members,
      providesTags: [{ type: 'Workspace', id: 'TEAM' }],
    }),
    // The live preview of unsaved edits: a query keyed by the input, so going back to earlier values reuses their answer.
    previewReportDraft: build.query<ReportData, ReportInput>({
      query: (input) => ({ url: 'reports/preview/', method: 'POST', body: input }),
      keepUnusedDataFor: 30,
    }),
  }),
});

export const {
  useListReportsQuery,
  useCreateReportMutation,
  useUpdateReportMutation,
  useDeleteReportMutation,
  useGetReportPreviewQuery,
  useDownloadReportPdfMutation,
  useCreateReportShareMutation,
  useListReportSharesQuery,
  useRevokeReportShareMutation,
  useGetSharedReportQuery,
  useGetReportScheduleQuery,
  useSaveReportScheduleMutation,
  useDeleteReportScheduleMutation,
  useListReportDeliveriesQuery,
  useGetReportDeliveryQuery,
  useDownloadDeliveryPdfMutation,
  useApproveReportDeliveryMutation,
  useSkipReportDeliveryMutation,
  usePreviewReportDraftQuery,
  useListWorkspaceMembersQuery,
} = reportsApi;
