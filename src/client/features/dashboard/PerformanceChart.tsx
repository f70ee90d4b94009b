import { visuallyHidden } from '@client/components/visuallyHidden';
import { formatDayWithYear } from '@client/lib/format';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { type SeriesPoint, weekdayLabel } from '@shared/api/dashboard';
import { useId, useMemo } from 'react';
import {
  Border,
  Point,
  VictoryAxis,
  VictoryChart,
  VictoryLabel,
  VictoryLegend,
  VictoryLine,
  VictoryTooltip,
  VictoryVoronoiContainer,
} from 'victory';

import {
  CHART_METRIC_NAMES,
  CHART_METRICS,
  chartLines,
  type ChartMetric,
  type ChartPoint,
  chartSummary,
  dayLabel,
  formatMetric,
  formatMetricTick,
  pointLabel,
  xTickValues,
  Y_TICK_STEPS,
} from './chartData';
import { metricColours, useChartTheme } from './chartTheme';
import { CHART_HEIGHT as HEIGHT, CHART_WIDTH as WIDTH } from './PerformanceChartSkeleton';

export { PerformanceChartSkeleton } from './PerformanceChartSkeleton';
/** The chart never draws narrower than this. */
const MIN_WIDTH_PX = 600;
const PADDING = { top: 48, bottom: 40, left: 72, right: 128 };
/** The two right-hand axes sit this far apart. */
const RIGHT_AXIS_GAP = 60;
/** Each line's axis: where it sits and which side its labels take. */
// Victory measures a right-hand axis's offset from the right edge.
const AXES: Record<ChartMetric, { offsetX: number; orientation: 'left' | 'right' }> = {
  spend: { offsetX: PADDING.left, orientation: 'left' },
  ctr: { offsetX: PADDING.right, orientation: 'right' },
  conversions: { offsetX: PADDING.right - RIGHT_AXIS_GAP, orientation: 'right' },
};
/** Every line runs on its own 0–1 scale; these are the ticks its axis labels in real figures. */
const NORMALISED_TICKS = Array.from({ length: Y_TICK_STEPS + 1 }, (_, step) => step / Y_TICK_STEPS);

/**
 * VictoryLegend is a class whose parts come from defaultProps; React 19 no longer puts those on
 * the element VictoryChart reads them from, so a legend inside a chart names its parts itself.
 */
const LEGEND_PARTS = {
  borderComponent: <Border />,
  dataComponent: <Point />,
  groupComponent: <g />,
  labelComponent: <VictoryLabel />,
  titleComponent: <VictoryLabel />,
};

/** Props of PerformanceChart. */
export interface PerformanceChartProps {
  series: readonly SeriesPoint[];
  currency: string;
}

/** The chart's figures as a table, for screen readers (the SVG can only be summarised). */
function ChartTable({ series, currency, caption }: PerformanceChartProps & { caption: string }) {
  // Hidden through a wrapper: a table never shrinks below its content, so it cannot hide itself.
  return (
    <Box sx={visuallyHidden}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {CHART_METRICS.map((metric) => (
              <th key={metric} scope="col">
                {CHART_METRIC_NAMES[metric]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {series.map((point) => (
            <tr key={point.date}>
              <th scope="row">
                {point.day} {formatDayWithYear(point.date)}
              </th>
              {CHART_METRICS.map((metric) => (
                <td key={metric}>{formatMetric(metric, point[metric], currency)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}

/**
 * Daily spend, CTR and conversions over the chosen range (spec section 2). The three figures
 * differ by orders of magnitude, so each line runs on its own scale with its own coloured
 * axis (spend left, CTR and conversions right). Mon … Sun label a week; longer ranges show
 * dates, thinned to stay readable up to 366 days. Hovering shows a day's three figures.
 */
export function PerformanceChart({ series, currency }: PerformanceChartProps) {
  const headingId = useId();
  const lines = useMemo(() => chartLines(series), [series]);
  const ticks = useMemo(() => xTickValues(series.length), [series.length]);
  const summary = chartSummary(series, currency);
  const days = series.length;
  const { chartTheme, colours } = useChartTheme();
  const lineColours = metricColours(colours);

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={1}>
        <Typography variant="h3" component="h2" id={headingId}>
          Spend, CTR and conversions by day
        </Typography>
        {/* Below this width the labels would be too small to read: narrow screens scroll the chart sideways. */}
        <Box role="group" aria-labelledby={headingId} tabIndex={0} sx={{ overflowX: 'auto' }}>
          <Box sx={{ minWidth: MIN_WIDTH_PX, '& svg': { display: 'block' } }}>
            <VictoryChart
              theme={chartTheme}
              width={WIDTH}
              height={HEIGHT}
              padding={PADDING}
              domain={{ x: [0, Math.max(1, days - 1)], y: [0, 1] }}
              domainPadding={{ y: [0, 8] }}
              containerComponent={
                <VictoryVoronoiContainer
                  voronoiDimension="x"
                  voronoiBlacklist={['legend']}
                  aria-label={summary}
                  labels={({ datum }: { datum: ChartPoint }) =>
                    datum.metric === CHART_METRICS[0]
                      ? `${weekdayLabel(datum.date)} ${formatDayWithYear(datum.date)}\n${pointLabel(datum, currency)}`
                      : pointLabel(datum, currency)
                  }
                  labelComponent={<VictoryTooltip theme={chartTheme} constrainToVisibleArea />}
                />
              }
            >
              <VictoryLegend
                {...LEGEND_PARTS}
                name="legend"
                x={PADDING.left}
                y={8}
                orientation="horizontal"
                gutter={24}
                data={CHART_METRICS.map((metric) => ({
                  name: metric === 'spend' ? `${CHART_METRIC_NAMES[metric]} (${currency})` : CHART_METRIC_NAMES[metric],
                  symbol: { fill: lineColours[metric], type: 'square' },
                }))}
              />
              <VictoryAxis
                tickValues={ticks}
                tickFormat={(index: number) => (series[index] ? dayLabel(series[index], days) : '')}
              />
              {lines.map((line) => (
                <VictoryAxis
                  key={`axis-${line.metric}`}
                  dependentAxis
                  offsetX={AXES[line.metric].offsetX}
                  orientation={AXES[line.metric].orientation}
                  tickValues={NORMALISED_TICKS}
                  tickFormat={(tick: number) => formatMetricTick(line.metric, tick * line.max, currency)}
                  style={{
                    axis: { stroke: lineColours[line.metric] },
                    tickLabels: { fill: lineColours[line.metric] },
                    // One set of grid lines is enough: the ticks sit at the same heights on every axis.
                    grid: line.metric === 'spend' ? {} : { stroke: 'none' },
                  }}
                />
              ))}
              {lines.map((line) => (
                <VictoryLine
                  key={line.metric}
                  name={line.metric}
                  data={line.points}
                  style={{ data: { stroke: lineColours[line.metric] } }}
                />
              ))}
            </VictoryChart>
          </Box>
        </Box>
        <ChartTable series={series} currency={currency} caption={summary} />
      </Stack>
    </Paper>
  );
}
