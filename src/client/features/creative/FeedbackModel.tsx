import { errorMessage } from '@client/api/errors';
import { RetryAlert } from '@client/components/RetryAlert';
import { formatExactTime } from '@client/lib/format';
import { notify } from '@client/lib/notify';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { CreativeFeedbackView } from '@shared/api/creativeFeedback';

import { useGetCreativeFeedbackQuery, useRefitCreativeWeightsMutation } from './feedback.api';
import { isNeedsPro } from './NeedsPro';

export const FEEDBACK_TITLE = 'How well the pre-launch score predicts your ads';
export const FEEDBACK_INTRO =
  'Your launched ads teach the analyzer what works for you: their copy’s part scores are refit against their post-launch scores, pulled towards the global weights, and checked on campaigns left out of the fit. The refit is used only when it ranks those held-out ads better than the global weights.';
export const FEEDBACK_FAILED = 'Unable to load how the pre-launch score does on your ads right now. Please try again.';
export const REFIT_FAILED = 'Unable to refit right now. Please try again.';
export const REFIT_DONE = 'Refit on your launched ads.';

const percent = (weight: number) => `${Math.round(weight * 100)}%`;
const rho = (value: number) => value.toFixed(2);

/** The two held-out figures side by side: what the screen promises to show honestly. */
function Figures({ view }: { view: CreativeFeedbackView }) {
  const evaluation = view.evaluation;
  if (!evaluation) return null;
  const figures = [
    { label: 'Refit weights, held-out rank correlation', value: rho(evaluation.workspace) },
    { label: 'Global weights, same ads', value: rho(evaluation.global) },
  ];
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} component="dl" sx={{ m: 0 }}>
      {figures.map((figure) => (
        <Box key={figure.label} sx={{ minWidth: 200 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {figure.label}
          </Typography>
          <Typography component="dd" variant="h3" sx={{ m: 0 }}>
            {figure.value}
          </Typography>
        </Box>
      ))}
      <Box>
        <Typography component="dt" variant="body2" color="text.secondary">
          Held-out ads
        </Typography>
        <Typography component="dd" variant="h3" sx={{ m: 0 }}>
          {evaluation.ads} in {evaluation.campaigns} campaigns
        </Typography>
      </Box>
    </Stack>
  );
}

function Weights({ view }: { view: CreativeFeedbackView }) {
  const refit = view.weights.some((w) => w.workspace !== null);
  return (
    <TableContainer>
      <Table size="small" aria-label="Each part’s weight in the overall text score">
        <TableHead>
          <TableRow>
            <TableCell>Part of the score</TableCell>
            <TableCell align="right">Global weight</TableCell>
            {refit && <TableCell align="right">Your refit</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {view.weights.map((w) => (
            <TableRow key={w.key}>
              <TableCell component="th" scope="row">
                {w.label}
              </TableCell>
              <TableCell align="right">{percent(w.global)}</TableCell>
              {refit && <TableCell align="right">{w.workspace === null ? '–' : percent(w.workspace)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * The feedback loop on the Live ads tab: how many launched ads the workspace has for a refit,
 * the refit's weights against the global ones, and both sets' rank correlation on held-out ads.
 * Owners and managers can refit now (a sync also does).
 */
export function FeedbackModel({ canRefit }: { canRefit: boolean }) {
  const { data, error, isLoading, isFetching, refetch } = useGetCreativeFeedbackQuery();
  const [refit, { isLoading: refitting }] = useRefitCreativeWeightsMutation();

  async function refitNow() {
    try {
      await refit().unwrap();
      notify(REFIT_DONE, 'success');
    } catch (failure) {
      notify(errorMessage(failure, REFIT_FAILED), 'error');
    }
  }

  let body;
  if (isLoading) body = <Skeleton variant="rectangular" height={120} role="status" aria-label="Loading the refit" />;
  else if (error) {
    // The Live ads list above already says the analyzer is Pro.
    if (isNeedsPro(error)) return null;
    body = (
      <RetryAlert retrying={isFetching} onRetry={() => void refetch()}>
        {errorMessage(error, FEEDBACK_FAILED)}
      </RetryAlert>
    );
  } else if (data) {
    body = (
      <Stack spacing={2}>
        <Alert severity={data.applied ? 'success' : 'info'}>{data.summary}</Alert>
        <Figures view={data} />
        <Weights view={data} />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {canRefit && (
            <Button
              variant="outlined"
              onClick={() => void refitNow()}
              disabled={refitting}
              startIcon={refitting ? <CircularProgress size={16} aria-hidden /> : undefined}
            >
              {refitting ? 'Refitting…' : 'Refit now'}
            </Button>
          )}
          {data.fitted_at && (
            <Typography variant="body2" color="text.secondary">
              Last refit {formatExactTime(data.fitted_at)}
            </Typography>
          )}
        </Stack>
      </Stack>
    );
  }

  return (
    <Paper component="section" aria-label={FEEDBACK_TITLE} variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography variant="h3" component="h2">
          {FEEDBACK_TITLE}
        </Typography>
        <Typography variant="body2">{FEEDBACK_INTRO}</Typography>
        {body}
      </Stack>
    </Paper>
  );
}
