import { errorMessage } from '@client/api/errors';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query';
import type { ReportInput } from '@shared/api/reports';
import { useEffect, useState } from 'react';

import { usePreviewReportDraftQuery } from './reports.api';
import { ReportView } from './ReportView';

export const DRAFT_PREVIEW_HEADING = 'Preview of your unsaved changes';
export const DRAFT_PREVIEW_INCOMPLETE = 'The preview appears once the report above is complete.';
/** How long the form must rest before its values are previewed. */
export const DRAFT_PREVIEW_DELAY_MS = 500;

/** `value` once it has stayed the same for `delayMs` (compared by its JSON), or null before that. */
export function useSettledValue<T>(value: T | null, delayMs: number): T | null {
  const key = value === null ? null : JSON.stringify(value);
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    if (key === null) return undefined;
    const timer = setTimeout(() => setSettled(key), delayMs);
    return () => clearTimeout(timer);
  }, [key, delayMs]);
  return settled === null ? null : (JSON.parse(settled) as T);
}

/**
 * The live preview of a report's unsaved values (POST reports/preview/), made once the form has
 * rested for half a second; `input` is null while the values do not pass the shared schema.
 */
export function DraftPreview({ input }: { input: ReportInput | null }) {
  const settled = useSettledValue(input, DRAFT_PREVIEW_DELAY_MS);
  const waiting = input !== null && JSON.stringify(input) !== JSON.stringify(settled);
  const { data, isFetching, isError, error } = usePreviewReportDraftQuery(
    input !== null && settled !== null ? settled : skipToken,
  );
  const busy = waiting || isFetching;

  return (
    <Box component="section" aria-label={DRAFT_PREVIEW_HEADING}>
      <Typography variant="h3" component="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {DRAFT_PREVIEW_HEADING}
      </Typography>
      {input === null ? (
        <Typography variant="body2" color="text.secondary">
          {DRAFT_PREVIEW_INCOMPLETE}
        </Typography>
      ) : (
        <>
          {busy && (
            <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
              <CircularProgress size={20} aria-hidden />
              <Typography variant="body2">Updating the preview…</Typography>
            </Box>
          )}
          {isError && !busy && (
            <Alert severity="error">{errorMessage(error, 'The preview could not be made. Please try again.')}</Alert>
          )}
          {data && !isError && (
            <Box aria-busy={busy}>
              <ReportView data={data} />
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
