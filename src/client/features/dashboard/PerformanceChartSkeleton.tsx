import { Paper, Skeleton } from '@mui/material';

/** The chart's drawing size (its viewBox), which the placeholder keeps so nothing shifts. */
export const CHART_WIDTH = 880;
export const CHART_HEIGHT = 340;

/** The chart's placeholder while the view (or the chart's code) loads. */
export function PerformanceChartSkeleton() {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="status" aria-busy="true" aria-label="Loading chart">
      <Skeleton variant="text" width="40%" />
      <Skeleton
        variant="rounded"
        sx={{ width: '100%', aspectRatio: `${CHART_WIDTH} / ${CHART_HEIGHT}`, height: 'auto' }}
      />
    </Paper>
  );
}
