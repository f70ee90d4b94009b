import { errorMessage } from '@client/api/errors';
import { saveObjectUrl } from '@client/lib/downloadBlob';
import { paths } from '@client/lib/paths';
import { Alert, Box, Button, Chip, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import {
  DELIVERY_STATUS_LABELS,
  type ReportDelivery,
  type ReportDeliveryRecipient,
  type ReportDeliveryStatus,
} from '@shared/api/reportSchedules';
import { reportRange } from '@shared/reportFormat';
import { Link as RouterLink } from 'react-router-dom';

import { useDownloadDeliveryPdfMutation, useListReportDeliveriesQuery } from './reports.api';

export const SENT_REPORTS_HEADING = 'Sent reports';
export const NO_DELIVERIES = 'No report has been sent yet.';

/** /reports/review/<id>: where a draft is approved or skipped. */
export const reportReviewPath = (id: string) => paths.reportReview.replace(':id', encodeURIComponent(id));

export const RECIPIENT_STATUS_LABELS: Record<ReportDeliveryRecipient['status'], string> = {
  pending: 'waiting',
  sending: 'sending',
  sent: 'sent',
  outbox: 'kept in the outbox (no mail server)',
  failed: 'failed',
};

const STATUS_COLORS: Record<ReportDeliveryStatus, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  generating: 'default',
  awaiting_review: 'warning',
  approved: 'info',
  sent: 'success',
  skipped: 'default',
  failed: 'error',
};

/** A delivery's status as a labelled chip. */
export function DeliveryStatus({ status }: { status: ReportDeliveryStatus }) {
  return <Chip size="small" color={STATUS_COLORS[status]} label={DELIVERY_STATUS_LABELS[status]} />;
}

/** Who a delivery goes to, each with where their e-mail is. */
export function Recipients({ recipients }: { recipients: ReportDeliveryRecipient[] }) {
  if (recipients.length === 0) return <Typography variant="body2">No recipients.</Typography>;
  return (
    <Box component="ul" aria-label="Recipients" sx={{ m: 0, pl: 3 }}>
      {recipients.map((recipient) => (
        <li key={recipient.address}>
          <Typography
            variant="body2"
            component="span"
          >{`${recipient.address}: ${RECIPIENT_STATUS_LABELS[recipient.status]}`}</Typography>
        </li>
      ))}
    </Box>
  );
}

function DeliveryItem({
  delivery,
  canReview,
  onPdf,
  downloading,
}: {
  delivery: ReportDelivery;
  canReview: boolean;
  onPdf: (delivery: ReportDelivery) => void;
  downloading: boolean;
}) {
  const range = reportRange(delivery.from, delivery.to);
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={`${delivery.report_name}, ${range}`}
      sx={{ p: 2, listStyle: 'none' }}
    >
      <Stack spacing={1}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, flex: 1 }}>
            {delivery.report_name}
            <Typography component="span" variant="body2" color="text.secondary">{` · ${range}`}</Typography>
          </Typography>
          <DeliveryStatus status={delivery.status} />
        </Stack>
        <Recipients recipients={delivery.recipients} />
        {delivery.comment && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>{`Comment: ${delivery.comment}`}</Typography>
        )}
        {delivery.status === 'failed' && delivery.error && (
          <Alert severity="error" sx={{ py: 0 }}>
            {delivery.error}
          </Alert>
        )}
        {(delivery.has_pdf || (canReview && delivery.status === 'awaiting_review')) && (
          <Stack direction="row" spacing={1}>
            {delivery.has_pdf && (
              <Button
                size="small"
                variant="outlined"
                onClick={() => onPdf(delivery)}
                disabled={downloading}
                aria-label={`Download PDF of ${delivery.report_name}, ${range}`}
              >
                Download PDF
              </Button>
            )}
            {canReview && delivery.status === 'awaiting_review' && (
              <Button
                size="small"
                variant="contained"
                component={RouterLink}
                to={reportReviewPath(delivery.id)}
                aria-label={`Review ${delivery.report_name}, ${range}`}
              >
                Review
              </Button>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** The workspace's sent reports, newest first (GET reports/deliveries/); owners and managers get a Review link on a draft waiting for them. */
export function SentReports({ canReview }: { canReview: boolean }) {
  const { data: deliveries, isLoading, isError, error } = useListReportDeliveriesQuery();
  const [download, downloaded] = useDownloadDeliveryPdfMutation();
  const pdf = async (delivery: ReportDelivery) => {
    const result = await download(delivery.id);
    if ('data' in result && result.data)
      saveObjectUrl(result.data, `${delivery.report_name} ${delivery.from} to ${delivery.to}.pdf`);
  };
  return (
    <Stack spacing={1} component="section" aria-label={SENT_REPORTS_HEADING}>
      <Typography variant="h3" component="h2" sx={{ fontSize: '1.1rem' }}>
        {SENT_REPORTS_HEADING}
      </Typography>
      {isLoading && <CircularProgress size={20} aria-label="Loading the sent reports" />}
      {isError && (
        <Alert severity="error">{errorMessage(error, 'The sent reports could not be loaded. Please try again.')}</Alert>
      )}
      {downloaded.isError && (
        <Alert severity="error">
          {errorMessage(downloaded.error, 'The PDF could not be downloaded. Please try again.')}
        </Alert>
      )}
      {deliveries && deliveries.length === 0 && <Typography color="text.secondary">{NO_DELIVERIES}</Typography>}
      {deliveries && deliveries.length > 0 && (
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
          {deliveries.map((delivery) => (
            <DeliveryItem
              key={delivery.id}
              delivery={delivery}
              canReview={canReview}
              onPdf={(d) => void pdf(d)}
              downloading={downloaded.isLoading}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
