import { errorMessage } from '@client/api/errors';
import { SimplePage } from '@client/components/SimplePage';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { REPORT_MESSAGES } from '@shared/api/reports';
import { reportDay } from '@shared/reportFormat';
import { useParams } from 'react-router-dom';

import { useGetSharedReportQuery } from './reports.api';
import { ReportView } from './ReportView';

export const SHARED_REPORT_TITLE = 'Shared report';
export const SHARED_REPORT_LOADING = 'Opening the shared report…';
export const SHARED_REPORT_FAILED = 'Unable to open this link right now. Please try again.';

const statusOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
    ? error.status
    : null;

/** /shared/reports/:token: a shared report, read-only, for anyone holding the link (no sign-in). An expired or revoked link says so and shows nothing else. */
export function SharedReportPage() {
  const { token = '' } = useParams();
  const { data, isLoading, isError, error } = useGetSharedReportQuery(token);

  if (isError) {
    const status = statusOf(error);
    if (status === 403) return <SimplePage title={errorMessage(error, REPORT_MESSAGES.linkPaused)} />;
    if (status === 410 || status === 404) {
      const said = errorMessage(error, REPORT_MESSAGES.linkExpired);
      const message =
        status === 404
          ? REPORT_MESSAGES.linkNotFound
          : said === REPORT_MESSAGES.linkRevoked
            ? REPORT_MESSAGES.linkRevoked
            : REPORT_MESSAGES.linkExpired;
      return <SimplePage title={message} />;
    }
    return (
      <SimplePage title={SHARED_REPORT_TITLE}>
        <Alert severity="error">{errorMessage(error, SHARED_REPORT_FAILED)}</Alert>
      </SimplePage>
    );
  }

  return (
    <SimplePage title={data ? data.report.name : SHARED_REPORT_TITLE}>
      {isLoading && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CircularProgress size={20} aria-hidden />
          <Typography variant="body2">{SHARED_REPORT_LOADING}</Typography>
        </Box>
      )}
      {data && (
        <>
          <Typography variant="body2" color="text.secondary">
            {`Shared by ${data.brand.name}. This read-only link works until ${reportDay(data.expires_at.slice(0, 10))}.`}
          </Typography>
          <ReportView data={data} />
        </>
      )}
    </SimplePage>
  );
}
