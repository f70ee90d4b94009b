import { LoadingButton } from '@client/components/LoadingButton';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Button, Chip, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { SNOOZE_DAYS, type Suggestion, SUGGESTION_TYPE_LABELS } from '@shared/api/suggestions';
import { PLATFORM_LABELS } from '@shared/constants';
import { type ComponentType, type ElementType, type ReactNode, Suspense, useId, useState } from 'react';

import type { EvidenceChartProps } from './EvidenceChart';
import {
  comparedWith,
  entityName,
  formatConfidence,
  formatConversionsPerWeek,
  formatEvidenceProbability,
  formatInterval,
  formatSpendPerWeek,
} from './suggestionFormat';

/** The card's buttons' words. */
export const SUGGESTION_ACTION_LABELS = {
  apply: 'Apply',
  done: 'Mark as done',
  dismiss: 'Dismiss',
  snooze: `Snooze ${SNOOZE_DAYS} days`,
} as const;

/** The full card's button that opens and closes its evidence, chart and what changes (a disclosure: aria-expanded). */
export const SUGGESTION_DETAILS_LABEL = 'Details';

/** What the card's buttons do; left out for someone who may not change anything (a viewer). */
export interface SuggestionCardActions {
  onApply: () => void;
  /** A task done by hand: recorded, so its outcome is measured. */
  onDone: () => void;
  onDismiss: () => void;
  onSnooze: () => void;
  /** While this suggestion's Done or Snooze is being sent. */
  marking: boolean;
  snoozing: boolean;
}

/**
 * How a card draws its evidence chart: the full card's (the /suggestions page's) only, once its
 * details are opened (the page passes a lazily loaded chart, so Victory loads with the first
 * opened card). The dashboard's short cards draw none, so they leave the chart out of its chunk.
 */
export type SuggestionCardForm =
  | {
      /** The dashboard's short form: headline, who, confidence and impact, without evidence, chart and changes. */
      compact: true;
      EvidenceChart?: undefined;
    }
  | { compact?: false; EvidenceChart: ComponentType<EvidenceChartProps> };

/** Props of SuggestionCard. */
export type SuggestionCardProps = SuggestionCardForm & {
  suggestion: Suggestion;
  /** The headline's heading level (its sections take the next one). */
  headingLevel?: 2 | 3 | 4;
  actions?: SuggestionCardActions;
};

const heading = (level: number) => `h${Math.min(level, 6)}` as ElementType;

function Section({ title, level, children }: { title: string; level: number; children: ReactNode }) {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} component={heading(level)} variant="subtitle2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const listSx = { m: 0, pl: 2.5, '& > li': { mb: 0.5 } } as const;

/** The chart's placeholder while its chunk loads: the size EvidenceChart draws at. */
const CHART_SIZE = { width: 420, height: 170 } as const;

/** The evidence behind a suggestion, its chart and what Apply changes: what the card's Details opens. */
function Details({
  suggestion,
  EvidenceChart,
  level,
}: {
  suggestion: Suggestion;
  EvidenceChart?: ComponentType<EvidenceChartProps>;
  level: number;
}) {
  const entity = entityName(suggestion.type);
  return (
    <Stack spacing={1.5}>
      {suggestion.evidence.length > 0 && (
        <Section title="Evidence" level={level}>
          <Box component="ul" sx={listSx}>
            {suggestion.evidence.map((item) => (
              <Typography component="li" variant="body2" key={item.metric}>
                <Box component="span" sx={{ fontWeight: 600 }}>
                  {item.label}:
                </Box>{' '}
                {entity} {formatInterval(item.entity)} vs {comparedWith(suggestion.type)} {formatInterval(item.peers)} ·{' '}
                {formatEvidenceProbability(item.probability, suggestion.type)}
              </Typography>
            ))}
          </Box>
        </Section>
      )}

      {EvidenceChart && suggestion.chart && suggestion.chart.points.length > 0 && (
        <Suspense
          fallback={<Skeleton variant="rounded" height={CHART_SIZE.height} sx={{ maxWidth: CHART_SIZE.width }} />}
        >
          <EvidenceChart chart={suggestion.chart} entity={entity} />
        </Suspense>
      )}

      {suggestion.change_lines.length > 0 && (
        <Section title="What changes" level={level}>
          <Box component="ul" sx={listSx}>
            {suggestion.change_lines.map((line) => (
              <Typography component="li" variant="body2" key={line}>
                {line}
              </Typography>
            ))}
          </Box>
        </Section>
      )}
    </Stack>
  );
}

/** Whether the card has anything behind Details. */
const hasDetails = (suggestion: Suggestion, chart: boolean) =>
  suggestion.evidence.length > 0 ||
  suggestion.change_lines.length > 0 ||
  (chart && suggestion.chart !== null && suggestion.chart.points.length > 0);

/**
 * One Smart Suggestion, read at a glance: what to do, where, how sure (what the confidence is the
 * probability of, never "100%") and what it should bring, with its interval; Apply (or Mark as
 * done, for a task done by hand), Dismiss and Snooze come with `actions`. The full card's Details
 * button opens the evidence behind it (each figure against its peers, with intervals), its chart
 * and the exact change Apply makes; they are drawn only once opened. Every button is described
 * by the headline, so a screen reader knows which suggestion it acts on.
 */
export function SuggestionCard({
  suggestion,
  compact = false,
  EvidenceChart,
  headingLevel = 2,
  actions,
}: SuggestionCardProps) {
  const headlineId = useId();
  const detailsId = useId();
  const [open, setOpen] = useState(false);
  const { account, impact } = suggestion;
  const spend = formatSpendPerWeek(impact.spend_per_week, account.currency);
  const sectionLevel = headingLevel + 1;
  const details = !compact && hasDetails(suggestion, EvidenceChart !== undefined);

  return (
    <Paper component="article" variant="outlined" aria-labelledby={headlineId} sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Chip size="small" color="primary" variant="outlined" label={SUGGESTION_TYPE_LABELS[suggestion.type]} />
          <Typography variant="body2" color="text.secondary">
            {PLATFORM_LABELS[suggestion.platform]} · {account.name}
          </Typography>
        </Stack>

        <Typography id={headlineId} component={heading(headingLevel)} variant="h6" sx={{ overflowWrap: 'anywhere' }}>
          {suggestion.headline}
        </Typography>

        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {formatConfidence(suggestion.confidence, suggestion.type)}
        </Typography>

        <Section title="Expected impact" level={sectionLevel}>
          <Typography variant="body2">{formatConversionsPerWeek(impact.conversions_per_week)}</Typography>
          {spend && <Typography variant="body2">{spend}</Typography>}
        </Section>

        {(actions || details) && (
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            {actions && (
              <>
                {suggestion.applicable ? (
                  <Button variant="contained" size="small" onClick={actions.onApply} aria-describedby={headlineId}>
                    {SUGGESTION_ACTION_LABELS.apply}
                  </Button>
                ) : (
                  <LoadingButton
                    variant="contained"
                    size="small"
                    loading={actions.marking}
                    onClick={actions.onDone}
                    aria-describedby={headlineId}
                  >
                    {SUGGESTION_ACTION_LABELS.done}
                  </LoadingButton>
                )}
                <Button variant="outlined" size="small" onClick={actions.onDismiss} aria-describedby={headlineId}>
                  {SUGGESTION_ACTION_LABELS.dismiss}
                </Button>
                <LoadingButton
                  size="small"
                  loading={actions.snoozing}
                  onClick={actions.onSnooze}
                  aria-describedby={headlineId}
                >
                  {SUGGESTION_ACTION_LABELS.snooze}
                </LoadingButton>
              </>
            )}
            {details && (
              <Button
                size="small"
                onClick={() => setOpen((was) => !was)}
                aria-expanded={open}
                aria-controls={detailsId}
                aria-describedby={headlineId}
                endIcon={
                  <ExpandMoreIcon sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />
                }
                sx={{ ml: 'auto' }}
              >
                {SUGGESTION_DETAILS_LABEL}
              </Button>
            )}
          </Stack>
        )}

        {details && (
          <Box id={detailsId} hidden={!open}>
            {open && <Details suggestion={suggestion} EvidenceChart={EvidenceChart} level={sectionLevel} />}
          </Box>
        )}
      </Stack>
    </Paper>
  );
}

/** A card's placeholder while suggestions load. */
export function SuggestionCardSkeleton({ compact = false }: { compact?: boolean }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Skeleton variant="text" width="35%" />
      <Skeleton variant="text" width="80%" sx={{ fontSize: '1.25rem' }} />
      <Skeleton variant="text" width="50%" />
      {!compact && <Skeleton variant="rounded" height={30} width="45%" sx={{ mt: 1 }} />}
    </Paper>
  );
}
