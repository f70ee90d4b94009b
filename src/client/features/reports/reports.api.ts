import type { Report, ReportData, ReportInput, ReportShare, ReportShareCreated, ReportSharedView } from '@shared/api/reports';
import { baseApi } from '@client/api/baseApi';
import { LIST_ID, providesList } from '@client/api/tags';

const LIST = { type: 'Report', id: LIST_ID } as const;

/** Client reports (contract: @shared/api/reports), injected into the one API. */
export const reportsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listReports: build.query<Report[], void>({
      query: () => 'reports/',
      providesTags: (result) => providesList('Report', result),
    }),
    createReport: build.mutation<Report, ReportInput>({
      query: (body) => ({ url: 'reports/', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST]),
    }),
    updateReport: build.mutation<Report, { id: string; input: ReportInput }>({
      query: ({ id, input }) => ({ url: `reports/${encodeURIComponent(id)}/`, method: 'PUT', body: input }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [LIST, { type: 'Report', id }]),
    }),
    deleteReport: build.mutation<void, string>({
      query: (id) => ({ url: `reports/${encodeURIComponent(id)}/`, method: 'DELETE' }),
      invalidatesTags: (_result, error, id) => (error ? [] : [LIST, { type: 'Report', id }]),
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
        responseHandler: async (response) => (response.ok ? URL.createObjectURL(await response.blob()) : response.json()),
      }),
    }),
    createReportShare: build.mutation<ReportShareCreated, { id: string; expires_in_days?: number }>({
      query: ({ id, expires_in_days }) => ({ url: `reports/${encodeURIComponent(id)}/share/`, method: 'POST', body: expires_in_days ? { expires_in_days } : {} }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'ReportShare', id }]),
    }),
    listReportShares: build.query<ReportShare[], string>({
      query: (id) => `reports/${encodeURIComponent(id)}/shares/`,
      providesTags: (_result, _error, id) => [{ type: 'ReportShare', id }],
    }),
    revokeReportShare: build.mutation<void, { shareId: string; reportId: string }>({
      query: ({ shareId }) => ({ url: `reports/shares/${encodeURIComponent(shareId)}/`, method: 'DELETE' }),
      invalidatesTags: (_result, error, { reportId }) => (error ? [] : [{ type: 'ReportShare', id: reportId }]),
    }),
    getSharedReport: build.query<ReportSharedView, string>({
      query: (token) => `shared/reports/${encodeURIComponent(token)}/`,
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
} = reportsApi;
