import { type ChartColours, useChartTheme } from '@client/app/theme/chartTheme';
import { formatCompactMoney, formatDay } from '@client/lib/format';
import { Box, Stack, Typography } from '@mui/material';
import type { Budget } from '@shared/api/budgets';
import { useId, useMemo } from 'react';
import { VictoryArea, VictoryAxis, VictoryChart, VictoryContainer, VictoryLine } from 'victory';

import { pacingSummary } from './budgetFormat';

const WIDTH = 480;
const HEIGHT = 200;
const PADDING = { top: 12, bottom: 32, left: 56, right: 20 };
/** Room above the highest point. */
const HEADROOM = 1.1;
const IDEAL_DASH = '5 4';
const FORECAST_DASH = '2 3';
/** The series' colours: spend in the brand colour, the even line muted, the forecast in the secondary colour. */
function pacingColours(colours: ChartColours) {
  return { actual: colours.primary, ideal: colours.muted, forecast: colours.secondary, band: colours.secondaryLight };
}

/** The accessible name of a budget's chart. */
export const pacingChartName = (label: string) => `Pacing of ${label} this month`;

function LegendKey({
  color,
  dash,
  label,
  band = false,
}: {
  color: string;
  dash?: string;
  label: string;
  band?: boolean;
}) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      {band ? (
        <Box component="span" sx={{ width: 16, height: 10, bgcolor: color, opacity: 0.4 }} />
      ) : (
        <Box component="span" sx={{ width: 20, borderTop: `2px ${dash ? 'dashed' : 'solid'} ${color}` }} />
      )}
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
    </Stack>
  );
}

/** Props of PacingChart. */
export interface PacingChartProps {
  budget: Pick<Budget, 'label' | 'currency' | 'pacing'>;
}

/**
 * A budget's month by day (major units): cumulative spend so far, the even line that lands on
 * the target, and the forecast from today (its 90% band and its middle line). The chart is named
 * for screen readers and its summary is written next to it.
 */
export function PacingChart({ budget }: PacingChartProps) {
  const summaryId = useId();
  const { pacing, currency } = budget;
  const series = useMemo(() => {
    const points = pacing.points;
    return {
      actual: points.flatMap((point, index) => (point.actual === null ? [] : [{ x: index, y: point.actual }])),
      ideal: points.map((point, index) => ({ x: index, y: point.ideal })),
      band: points.flatMap((point, index) =>
        point.forecast ? [{ x: index, y: point.forecast.high, y0: point.forecast.low }] : [],
      ),
      mid: points.flatMap((point, index) => (point.forecast ? [{ x: index, y: point.forecast.mid }] : [])),
    };
  }, [pacing.points]);
  const last = Math.max(1, pacing.points.length - 1);
  const highest = Math.max(
    pacing.target,
    ...pacing.points.flatMap((point) => [point.actual ?? 0, point.ideal, point.forecast?.high ?? 0]),
  );
  const top = highest > 0 ? highest * HEADROOM : 1;
  const ends = pacing.points.length > 1 ? [0, Math.floor(last / 2), last] : [0];
  const summary = pacingSummary(budget);
  const name = pacingChartName(budget.label);
  const { chartTheme, colours } = useChartTheme();
  const seriesColours = pacingColours(colours);

  return (
    <Stack spacing={0.5}>
      <Box sx={{ maxWidth: WIDTH, '& svg': { display: 'block' } }}>
        <VictoryChart
          theme={chartTheme}
          width={WIDTH}
          height={HEIGHT}
          padding={PADDING}
          domain={{ x: [0, last], y: [0, top] }}
          // The SVG is an image named for the budget and described by the summary written under it.
          containerComponent={<VictoryContainer title={name} aria-describedby={summaryId} />}
        >
          <VictoryAxis
            tickValues={ends}
            tickFormat={(index: number) => (pacing.points[index] ? formatDay(pacing.points[index].date) : '')}
          />
          <VictoryAxis dependentAxis tickCount={4} tickFormat={(tick: number) => formatCompactMoney(tick, currency)} />
          {series.band.length > 0 && (
            <VictoryArea
              name="band"
              data={series.band}
              style={{ data: { fill: seriesColours.band, fillOpacity: 0.35, stroke: 'none' } }}
            />
          )}
          <VictoryLine
            name="ideal"
            data={series.ideal}
            style={{ data: { stroke: seriesColours.ideal, strokeDasharray: IDEAL_DASH } }}
          />
          {series.mid.length > 0 && (
            <VictoryLine
              name="forecast"
              data={series.mid}
              style={{ data: { stroke: seriesColours.forecast, strokeDasharray: FORECAST_DASH } }}
            />
          )}
          {series.actual.length > 0 && (
            <VictoryLine
              name="actual"
              data={series.actual}
              style={{ data: { stroke: seriesColours.actual, strokeWidth: 2 } }}
            />
          )}
        </VictoryChart>
      </Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }} aria-hidden>
        <LegendKey color={seriesColours.actual} label="Spent so far" />
        <LegendKey color={seriesColours.ideal} dash={IDEAL_DASH} label="Even pace" />
        <LegendKey color={seriesColours.forecast} dash={FORECAST_DASH} label="Forecast" />
        <LegendKey color={seriesColours.band} band label="Forecast range" />
      </Stack>
      <Typography id={summaryId} variant="body2" color="text.secondary">
        {summary}
      </Typography>
    </Stack>
  );
}
