import { Stack, Typography } from '@mui/material';
import type { CreativeAnalysisRecord } from '@shared/api/creative';

import { Ranking } from './CreativeRanking';
import { CreativeResults } from './CreativeResults';
import { WhatChanged } from './WhatChanged';

export const COMPARISON_HEADING = 'Compared variants';
export const variantLine = (index: number, headline: string | undefined) =>
  `Variant ${index + 1}${headline ? `: ${headline}` : ''}`;

/** A saved analysis (with what changed, if it was a re-analysis) or comparison, read-only. */
export function SavedResult({ record }: { record: CreativeAnalysisRecord }) {
  if (record.kind === 'analysis') {
    return (
      <Stack spacing={2}>
        {record.result.changes && <WhatChanged changes={record.result.changes} />}
        <CreativeResults analysis={record.result} input={record.input.copy} imageSrc={record.thumbnail} />
      </Stack>
    );
  }
  return (
    <Stack spacing={1} component="section" aria-label={COMPARISON_HEADING}>
      <Typography variant="h3">{COMPARISON_HEADING}</Typography>
      {record.input.copies.map((copy, index) => (
        <Typography key={index} variant="body2">
          {variantLine(index, copy.headlines[0])}
        </Typography>
      ))}
      <Ranking comparison={record.result} />
    </Stack>
  );
}
