import { errorMessage } from '@client/api/errors';
import { FormFooter } from '@client/components/FormFooter';
import { SimplePage } from '@client/components/SimplePage';
import { paths } from '@client/lib/paths';
import { Alert, Box, Button, CircularProgress, Link, Stack, TextField, Typography } from '@mui/material';
import {
  DELIVERY_STATUS_LABELS,
  type ReportDelivery,
  SCHEDULE_LIMITS,
  SCHEDULE_MESSAGES,
  SCHEDULE_VALIDATION,
} from '@shared/api/reportSchedules';
import { reportRange } from '@shared/reportFormat';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';

import {
  useApproveReportDeliveryMutation,
  useGetReportDeliveryQuery,
  useSkipReportDeliveryMutation,
} from './reports.api';
import { ReportView } from './ReportView';
import { DeliveryStatus, Recipients } from './SentReports';

export const REVIEW_TITLE = 'Review before sending';
export const COMMENT_LABEL = 'Comment for the client';
export const REVIEW_NOT_FOUND = SCHEDULE_MESSAGES.deliveryNotFound;
export const REVIEW_FORBIDDEN =
  'You cannot open this draft in the current workspace. Switch to the workspace it belongs to, or ask one of its owners or managers.';
export const REVIEW_ONLY_MANAGERS = 'Only the workspace’s owners and managers can approve or skip a draft.';

/** "Approved. The report is on its way to 3 recipients." */
export const approvedMessage = (count: number) =>
  `Approved. The report is on its way to ${count} ${count === 1 ? 'recipient' : 'recipients'}.`;
export const SKIPPED_MESSAGE = 'Skipped. This report will not be sent.';

const statusOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
    ? error.status
    : null;

export interface ReportReviewPageProps {
  /** The member may approve and skip drafts ('reports:write'); the app decides. */
  canWrite: boolean;
}

/** /reports/review/:id: where the review e-mail's link lands. The draft as it will be sent, its recipients, a comment, and Approve or Skip. */
export function ReportReviewPage({ canWrite }: ReportReviewPageProps) {
  const { id = '' } = useParams();
  const { data: delivery, isLoading, isError, error } = useGetReportDeliveryQuery(id);
  const [approve, approved] = useApproveReportDeliveryMutation();
  const [skip, skipped] = useSkipReportDeliveryMutation();
  const [comment, setComment] = useState('');
  const [outcome, setOutcome] = useState<string | null>(null);

  if (isError) {
    const status = statusOf(error);
    const message =
      status === 404
        ? REVIEW_NOT_FOUND
        : status === 403
          ? REVIEW_FORBIDDEN
          : errorMessage(error, 'The draft could not be loaded. Please try again.');
    return (
      <SimplePage title={REVIEW_TITLE}>
        <Alert severity={status === 404 || status === 403 ? 'warning' : 'error'}>{message}</Alert>
        <Link component={RouterLink} to={paths.reports}>
          Back to reports
        </Link>
      </SimplePage>
    );
  }

  if (isLoading || !delivery) {
    return (
      <SimplePage title={REVIEW_TITLE}>
        <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <CircularProgress size={20} aria-hidden />
          <Typography variant="body2">Opening the draft…</Typography>
        </Box>
      </SimplePage>
    );
  }

  const range = reportRange(delivery.from, delivery.to);
  const awaiting = delivery.status === 'awaiting_review';
  const trimmed = comment.trim();
  const tooLong = trimmed.length > SCHEDULE_LIMITS.commentMax;
  const busy = approved.isLoading || skipped.isLoading;
  const failure = approved.isError
    ? errorMessage(approved.error, 'The report could not be approved. Please try again.')
    : skipped.isError
      ? errorMessage(skipped.error, 'The report could not be skipped. Please try again.')
      : null;

  const onApprove = async () => {
    if (tooLong) return;
    skipped.reset();
    const result = await approve({ id: delivery.id, comment: trimmed === '' ? null : trimmed });
    if ('data' in result && result.data) setOutcome(approvedMessage((result.data as ReportDelivery).recipients.length));
  };
  const onSkip = async () => {
    approved.reset();
    const result = await skip(delivery.id);
    if ('data' in result && result.data) setOutcome(SKIPPED_MESSAGE);
  };
  // The comment as the client will see it, on the draft itself.
  const data = delivery.data && awaiting && trimmed ? { ...delivery.data, comment: trimmed } : delivery.data;

  return (
    <SimplePage
      title={REVIEW_TITLE}
      intro="Check the draft, add a note for the client if you like, then send it or skip it. A draft nobody approves is never sent."
    >
      <Stack spacing={3}>
        <Stack spacing={1} component="section" aria-label="About this draft">
          <Typography variant="h3" component="h2" sx={{ fontSize: '1.1rem' }}>
            {`${delivery.report_name} · ${range}`}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <Typography variant="body2">Status:</Typography>
            <DeliveryStatus status={delivery.status} />
          </Box>
          {outcome && (
            <Alert severity="success" role="status">
              {outcome}
            </Alert>
          )}
          {!awaiting && !outcome && (
            <Alert severity="info">{`${SCHEDULE_MESSAGES.notAwaitingReview} Its status: ${DELIVERY_STATUS_LABELS[delivery.status]}.`}</Alert>
          )}
          {delivery.status === 'failed' && delivery.error && <Alert severity="error">{delivery.error}</Alert>}
          <Typography variant="subtitle2" component="h3">
            Recipients
          </Typography>
          <Recipients recipients={delivery.recipients} />
          {!awaiting && delivery.comment && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>{`Comment: ${delivery.comment}`}</Typography>
          )}
        </Stack>
        {awaiting && !canWrite && <Alert severity="info">{REVIEW_ONLY_MANAGERS}</Alert>}
        {awaiting && canWrite && (
          <Box
            component="form"
            noValidate
            aria-label="Approve or skip"
            aria-describedby={failure ? 'review-failure' : undefined}
            onSubmit={(event) => {
              event.preventDefault();
              void onApprove();
            }}
          >
            <Stack spacing={2}>
              <TextField
                label={COMMENT_LABEL}
                name="comment"
                multiline
                minRows={3}
                value={comment}
                onChange={(event) => setComment(event.target.value)}
                error={tooLong}
                helperText={
                  tooLong
                    ? SCHEDULE_VALIDATION.commentTooLong
                    : `Shown at the top of the report. ${trimmed.length} of ${SCHEDULE_LIMITS.commentMax} characters.`
                }
              />
              <FormFooter failure={failure} failureId="review-failure">
                <Stack direction="row" spacing={1}>
                  <Button type="submit" variant="contained" disabled={busy || tooLong}>
                    Approve and send
                  </Button>
                  <Button variant="outlined" color="inherit" onClick={() => void onSkip()} disabled={busy}>
                    Skip this report
                  </Button>
                </Stack>
              </FormFooter>
            </Stack>
          </Box>
        )}
        {data ? (
          <Box component="section" aria-label="The draft">
            <ReportView data={data} />
          </Box>
        ) : (
          <Typography color="text.secondary">The draft’s figures are not ready yet.</Typography>
        )}
        <Link component={RouterLink} to={paths.reports}>
          Back to reports
        </Link>
      </Stack>
    </SimplePage>
  );
}
