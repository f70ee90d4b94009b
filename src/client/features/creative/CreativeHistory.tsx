import { errorMessage } from '@client/api/errors';
import { RetryAlert } from '@client/components/RetryAlert';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Box,
  Button,
  CircularProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import type { CreativeAnalysisRecord, CreativeAnalysisSummary } from '@shared/api/creative';
import { useState } from 'react';

import { useGetCreativeAnalysisQuery, useListCreativeAnalysesInfiniteQuery } from './creative.api';
import { savedAt } from './creativeFormat';
import { scoreText } from './CreativeResults';
import { ResultActions } from './ResultActions';
import { SavedResult } from './SavedResult';

export const HISTORY_LABELS = {
  heading: 'History',
  list: 'Saved analyses',
  loading: 'Loading the history…',
  empty: 'No saved analyses yet. Every analysis and comparison you run is saved here.',
  failed: 'Unable to load the history right now.',
  loadMore: 'Load more',
  back: 'Back to the history',
  openFailed: 'Unable to open this analysis right now.',
  /** The shared RetryAlert's button. */
  retry: 'Retry',
  untitled: 'Untitled',
} as const;

/** One row's secondary line: "Analysis · Meta feed · 72/100 · with image · 5 Mar 2030, 14:05". */
export function summaryLine(item: CreativeAnalysisSummary): string {
  return [
    item.kind === 'analysis' ? 'Analysis' : 'Comparison',
    item.placement_label,
    scoreText(item.overall_score),
    item.has_image ? 'with image' : null,
    savedAt(item.created_at),
  ]
    .filter(Boolean)
    .join(' · ');
}

export interface CreativeHistoryProps {
  /** Whether the role may delete saved analyses and share them (the server decides; this only hides the buttons). */
  managesAnalyses: boolean;
  /** "Edit and re-analyse": the saved analysis' inputs go back into the form. */
  onEdit: (record: Extract<CreativeAnalysisRecord, { kind: 'analysis' }>) => void;
}

/** A load that failed: why, with a button to try again. */
function SavedAnalysis({
  id,
  managesAnalyses,
  onBack,
  onEdit,
}: {
  id: string;
  managesAnalyses: boolean;
  onBack: () => void;
  onEdit: CreativeHistoryProps['onEdit'];
}) {
  const { data: record, isLoading, isError, error, refetch, isFetching } = useGetCreativeAnalysisQuery(id);
  return (
    <Stack spacing={2}>
      <Box>
        <Button startIcon={<ArrowBackIcon />} onClick={onBack}>
          {HISTORY_LABELS.back}
        </Button>
      </Box>
      {isLoading && <CircularProgress size={24} aria-label={HISTORY_LABELS.loading} />}
      {isError && (
        <RetryAlert retrying={isFetching} onRetry={() => void refetch()}>
          {errorMessage(error, HISTORY_LABELS.openFailed)}
        </RetryAlert>
      )}
      {record && (
        <>
          <Typography variant="body2" color="text.secondary">
            Saved {savedAt(record.created_at)}
          </Typography>
          <ResultActions
            analysisId={record.id}
            canShare={managesAnalyses}
            onDeleted={managesAnalyses ? onBack : undefined}
            onEdit={record.kind === 'analysis' ? () => onEdit(record) : undefined}
          />
          <SavedResult record={record} />
        </>
      )}
    </Stack>
  );
}

/** The workspace's saved analyses and comparisons, newest first; one opens in the same results view. */
export function CreativeHistory({ managesAnalyses, onEdit }: CreativeHistoryProps) {
  const [openId, setOpenId] = useState<string | null>(null);
  const { data, isLoading, isError, error, refetch, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useListCreativeAnalysesInfiniteQuery(undefined, { skip: openId !== null });
  const items = data?.pages.flatMap((page) => page.items) ?? [];

  if (openId)
    return (
      <SavedAnalysis id={openId} managesAnalyses={managesAnalyses} onBack={() => setOpenId(null)} onEdit={onEdit} />
    );

  return (
    <Stack spacing={2} component="section" aria-label={HISTORY_LABELS.heading}>
      <Typography variant="h2">{HISTORY_LABELS.heading}</Typography>
      {isLoading && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CircularProgress size={20} aria-hidden />
          <Typography variant="body2">{HISTORY_LABELS.loading}</Typography>
        </Box>
      )}
      {isError && (
        <RetryAlert retrying={isFetching} onRetry={() => void refetch()}>
          {errorMessage(error, HISTORY_LABELS.failed)}
        </RetryAlert>
      )}
      {!isLoading && !isError && items.length === 0 && (
        <Typography color="text.secondary">{HISTORY_LABELS.empty}</Typography>
      )}
      {items.length > 0 && (
        <List aria-label={HISTORY_LABELS.list} disablePadding>
          {items.map((item) => (
            <ListItem key={item.id} disablePadding divider>
              <ListItemButton onClick={() => setOpenId(item.id)}>
                <ListItemText primary={item.title || HISTORY_LABELS.untitled} secondary={summaryLine(item)} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      {hasNextPage && (
        <Box>
          <Button onClick={() => void fetchNextPage()} disabled={isFetchingNextPage} aria-busy={isFetchingNextPage}>
            {HISTORY_LABELS.loadMore}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
