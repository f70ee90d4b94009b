import { errorMessage } from '@client/api/errors';
import { SimplePage } from '@client/components/SimplePage';
import { saveObjectUrl } from '@client/lib/downloadBlob';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Grid,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { type Report, REPORT_PERIOD_LABELS, type ReportInput } from '@shared/api/reports';
import { reportDay } from '@shared/reportFormat';
import { useState } from 'react';

import { ReportForm } from './ReportForm';
import {
  useCreateReportMutation,
  useCreateReportShareMutation,
  useDownloadReportPdfMutation,
  useGetReportPreviewQuery,
  useListReportSharesQuery,
  useListReportsQuery,
  useRevokeReportShareMutation,
  useUpdateReportMutation,
} from './reports.api';
import { ReportView } from './ReportView';
import { ScheduleSection } from './ScheduleSection';
import { SentReports } from './SentReports';

export const REPORTS_TITLE = 'Reports';
export const PREVIEW_HEADING = 'Preview';

function Preview({ id }: { id: string }) {
  const { data, isFetching, isError, error } = useGetReportPreviewQuery(id);
  if (isError)
    return <Alert severity="error">{errorMessage(error, 'The preview could not be made. Please try again.')}</Alert>;
  if (!data)
    return (
      <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <CircularProgress size={20} aria-hidden />
        <Typography variant="body2">Making the preview…</Typography>
      </Box>
    );
  return (
    <Box aria-busy={isFetching}>
      <ReportView data={data} />
    </Box>
  );
}

function Shares({ report }: { report: Report }) {
  const { data: shares = [] } = useListReportSharesQuery(report.id);
  const [create, created] = useCreateReportShareMutation();
  const [revoke] = useRevokeReportShareMutation();
  return (
    <Stack spacing={1} component="section" aria-label="Share links">
      <Typography variant="h3" component="h2" sx={{ fontSize: '1.1rem' }}>
        Share links
      </Typography>
      {created.isError && (
        <Alert severity="error">{errorMessage(created.error, 'The link could not be made. Please try again.')}</Alert>
      )}
      <Box>
        <Button variant="outlined" onClick={() => void create({ id: report.id })} disabled={created.isLoading}>
          Create a share link (30 days)
        </Button>
      </Box>
      {shares.map((share) => (
        <Stack key={share.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Typography variant="body2" sx={{ wordBreak: 'break-all', flex: 1 }}>
            <a href={share.url}>{share.url}</a>
            {` (until ${reportDay(share.expires_at.slice(0, 10))})`}
          </Typography>
          <Button
            size="small"
            color="error"
            onClick={() => void revoke({ shareId: share.id, reportId: report.id })}
            aria-label={`Revoke the link made ${reportDay(share.created_at.slice(0, 10))}`}
          >
            Revoke
          </Button>
        </Stack>
      ))}
    </Stack>
  );
}

export interface ReportsPageProps {
  /** The member may make, change and share reports ('reports:write'); the app decides (features do not read the session). */
  canWrite: boolean;
}

/** /reports: the workspace's reports; owners and managers build and share them, every member previews and downloads them. */
export function ReportsPage({ canWrite }: ReportsPageProps) {
  const { data: reports = [], isLoading } = useListReportsQuery();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [createReport, created] = useCreateReportMutation();
  const [updateReport, updated] = useUpdateReportMutation();
  const [downloadPdf, download] = useDownloadReportPdfMutation();
  const selected = creating ? null : (reports.find((report) => report.id === selectedId) ?? reports[0] ?? null);

  const save = async (input: ReportInput) => {
    if (selected) {
      await updateReport({ id: selected.id, input });
    } else {
      const result = await createReport(input);
      if ('data' in result && result.data) {
        setSelectedId(result.data.id);
        setCreating(false);
      }
    }
  };
  const saveError = selected
    ? updated.isError
      ? errorMessage(updated.error, 'The report could not be saved.')
      : null
    : created.isError
      ? errorMessage(created.error, 'The report could not be made.')
      : null;

  const pdf = async (report: Report) => {
    const result = await downloadPdf(report.id);
    if ('data' in result && result.data) saveObjectUrl(result.data, `${report.name}.pdf`);
  };

  return (
    <SimplePage
      title={REPORTS_TITLE}
      intro="Branded client reports from the same figures as the dashboard: preview them, download them as PDF, share them by link."
    >
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 3 }}>
          <Stack spacing={1} component="nav" aria-label="Your reports">
            {isLoading && <CircularProgress size={20} aria-label="Loading reports" />}
            {!isLoading && reports.length === 0 && <Typography color="text.secondary">No reports yet.</Typography>}
            <List dense disablePadding>
              {reports.map((report) => (
                <ListItemButton
                  key={report.id}
                  selected={report.id === selected?.id}
                  aria-current={report.id === selected?.id ? 'true' : undefined}
                  onClick={() => {
                    setCreating(false);
                    setSelectedId(report.id);
                  }}
                >
                  <ListItemText primary={report.name} secondary={REPORT_PERIOD_LABELS[report.period]} />
                </ListItemButton>
              ))}
            </List>
            {canWrite && (
              <Button variant="outlined" onClick={() => setCreating(true)}>
                New report
              </Button>
            )}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 9 }}>
          <Stack spacing={3}>
            {canWrite && (creating || selected || reports.length === 0) && (
              <ReportForm
                key={selected?.id ?? 'new'}
                report={selected}
                onSave={(input) => void save(input)}
                saving={created.isLoading || updated.isLoading}
                serverError={saveError}
              />
            )}
            {selected && (
              <>
                <Stack direction="row" spacing={1}>
                  <Button variant="contained" onClick={() => void pdf(selected)} disabled={download.isLoading}>
                    Download PDF
                  </Button>
                </Stack>
                {download.isError && (
                  <Alert severity="error">
                    {errorMessage(download.error, 'The PDF could not be made. Please try again.')}
                  </Alert>
                )}
                {canWrite && <Shares report={selected} />}
                {canWrite && <ScheduleSection key={selected.id} report={selected} />}
                <Box component="section" aria-label={PREVIEW_HEADING}>
                  <Typography variant="h3" component="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
                    {PREVIEW_HEADING}
                  </Typography>
                  <Preview id={selected.id} />
                </Box>
              </>
            )}
          </Stack>
        </Grid>
        <Grid size={12}>
          <SentReports canReview={canWrite} />
        </Grid>
      </Grid>
    </SimplePage>
  );
}
