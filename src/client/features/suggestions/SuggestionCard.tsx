import { useId, type ComponentType, type ElementType, type ReactNode } from 'react';
import { Box, Button, Chip, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { SNOOZE_DAYS, SUGGESTION_TYPE_LABELS, type Suggestion } from '@shared/api/suggestions';
import { PLATFORM_LABELS } from '@shared/constants';
import { LoadingButton } from '@client/components/LoadingButton';
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
 * How a card draws its evidence chart: the full card's (the /suggestions page's) only. The
 * dashboard's short cards draw none, so they leave the chart, and Victory, out of its chunk.
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
  headingLevel?: 2 | 3;
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

/**
 * One Smart Suggestion: what to do, where, how sure and what it should bring, with the evidence
 * behind it (each figure against its peers, with intervals), its chart and the exact change Apply
 * makes. Apply (or Mark as done, for a task done by hand), Dismiss and Snooze come with `actions`; each
 * button is described by the headline, so a screen reader knows which suggestion it acts on.
 */
export function SuggestionCard({ suggestion, compact = false, EvidenceChart, headingLevel = 2, actions }: SuggestionCardProps) {
  const headlineId = useId();
  const { account, impact } = suggestion;
  const entity = entityName(suggestion.type);
  const spend = formatSpendPerWeek(impact.spend_per_week, account.currency);
  const sectionLevel = headingLevel + 1;

  return (
    <Paper component="article" variant="outlined" aria-labelledby={headlineId} sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Chip size="small" color="primary" variant="outlined" label={SUGGESTION_TYPE_LABELS[suggestion.type]} />
          <Typography variant="body2" color="text.secondary">
            {PLATFORM_LABELS[suggestion.platform]} · {account.name}
          </Typography>
          <Typography variant="body2" sx={{ ml: 'auto', fontWeight: 600 }}>
            {formatConfidence(suggestion.confidence)}
          </Typography>
        </Stack>

        <Typography id={headlineId} component={heading(headingLevel)} variant="h6" sx={{ overflowWrap: 'anywhere' }}>
          {suggestion.headline}
        </Typography>

        <Section title="Expected impact" level={sectionLevel}>
          <Typography variant="body2">{formatConversionsPerWeek(impact.conversions_per_week)}</Typography>
          {spend && <Typography variant="body2">{spend}</Typography>}
        </Section>

        {!compact && suggestion.evidence.length > 0 && (
          <Section title="Evidence" level={sectionLevel}>
            <Box component="ul" sx={listSx}>
              {suggestion.evidence.map((item) => (
                <Typography component="li" variant="body2" key={item.metric}>
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {item.label}:
                  </Box>{' '}
                  {entity} {formatInterval(item.entity)} vs {comparedWith(suggestion.type)} {formatInterval(item.peers)} · {formatEvidenceProbability(item.probability, suggestion.type)}
                </Typography>
              ))}
            </Box>
          </Section>
        )}

        {!compact && EvidenceChart && suggestion.chart && suggestion.chart.points.length > 0 && <EvidenceChart chart={suggestion.chart} entity={entity} />}

        {!compact && suggestion.change_lines.length > 0 && (
          <Section title="What changes" level={sectionLevel}>
            <Box component="ul" sx={listSx}>
              {suggestion.change_lines.map((line) => (
                <Typography component="li" variant="body2" key={line}>
                  {line}
                </Typography>
              ))}
            </Box>
          </Section>
        )}

        {actions && (
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
            {suggestion.applicable ? (
              <Button variant="contained" size="small" onClick={actions.onApply} aria-describedby={headlineId}>
                {SUGGESTION_ACTION_LABELS.apply}
              </Button>
            ) : (
              <LoadingButton variant="contained" size="small" loading={actions.marking} onClick={actions.onDone} aria-describedby={headlineId}>
                {SUGGESTION_ACTION_LABELS.done}
              </LoadingButton>
            )}
            <Button variant="outlined" size="small" onClick={actions.onDismiss} aria-describedby={headlineId}>
              {SUGGESTION_ACTION_LABELS.dismiss}
            </Button>
            <LoadingButton size="small" loading={actions.snoozing} onClick={actions.onSnooze} aria-describedby={headlineId}>
              {SUGGESTION_ACTION_LABELS.snooze}
            </LoadingButton>
          </Stack>
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
      {!compact && <Skeleton variant="rounded" height={120} sx={{ mt: 1 }} />}
    </Paper>
  );
}
