import { useChartTheme } from '@client/app/theme/chartTheme';
import { Box, Stack, Typography } from '@mui/material';
import type { SuggestionChart } from '@shared/api/suggestions';
import { useMemo } from 'react';
import { VictoryAxis, VictoryChart, VictoryContainer, VictoryLine } from 'victory';

import { formatChartDay, formatChartTick } from './suggestionFormat';

const WIDTH = 420;
const HEIGHT = 170;
const PADDING = { top: 12, bottom: 32, left: 48, right: 28 };
/** Room above the highest point. */
const HEADROOM = 1.15;
const PEERS_DASH = '5 4';
const TICK = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 });

/** Props of EvidenceChart. */
export interface EvidenceChartProps {
  chart: SuggestionChart;
  /** How the entity is named in the legend and the description: 'This ad'. */
  entity: string;
}

/** What the chart shows, for screen readers (the SVG's desc). */
function describe(chart: SuggestionChart, entity: string): string {
  const first = chart.points[0];
  const last = chart.points.at(-1);
  const range = first && last ? `, ${formatChartDay(first.date)} to ${formatChartDay(last.date)}` : '';
  return `${entity} (solid line) against its peers' median (dashed line)${range}. Gaps are days without delivery.`;
}

function LegendKey({ color, dashed, label }: { color: string; dashed: boolean; label: string }) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      <Box component="span" aria-hidden sx={{ width: 20, borderTop: `2px ${dashed ? 'dashed' : 'solid'} ${color}` }} />
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
    </Stack>
  );
}

/**
 * The evidence of one suggestion by day: the entity against its peers' median (null days leave a
 * gap). The SVG is titled with what the points measure and described for screen readers.
 */
export function EvidenceChart({ chart, entity }: EvidenceChartProps) {
  const lines = useMemo(
    () => ({
      entity: chart.points.map((point, index) => ({ x: index, y: point.entity })),
      peers: chart.points.map((point, index) => ({ x: index, y: point.peers })),
    }),
    [chart.points],
  );
  const last = Math.max(1, chart.points.length - 1);
  // From zero, so the gap between the lines reads at its true size.
  const highest = Math.max(0, ...chart.points.flatMap((point) => [point.entity ?? 0, point.peers ?? 0]));
  const top = highest > 0 ? highest * HEADROOM : 1;
  const ends = chart.points.length > 1 ? [0, chart.points.length - 1] : [0];
  const { chartTheme, colours } = useChartTheme();
  // The entity in the brand colour, its peers' median muted and dashed.
  const seriesColours = { entity: colours.primary, peers: colours.muted };

  return (
    <Box>
      <Typography variant="caption" component="p" color="text.secondary" aria-hidden>
        {chart.label}
      </Typography>
      <Box sx={{ maxWidth: WIDTH, '& svg': { display: 'block' } }}>
        <VictoryChart
          theme={chartTheme}
          width={WIDTH}
          height={HEIGHT}
          padding={PADDING}
          domain={{ x: [0, last], y: [0, top] }}
          containerComponent={<VictoryContainer title={chart.label} desc={describe(chart, entity)} />}
        >
          <VictoryAxis
            tickValues={ends}
            tickFormat={(index: number) => (chart.points[index] ? formatChartTick(chart.points[index].date) : '')}
          />
          <VictoryAxis dependentAxis tickCount={4} tickFormat={(tick: number) => TICK.format(tick)} />
          <VictoryLine
            name="peers"
            data={lines.peers}
            style={{ data: { stroke: seriesColours.peers, strokeDasharray: PEERS_DASH } }}
          />
          <VictoryLine name="entity" data={lines.entity} style={{ data: { stroke: seriesColours.entity } }} />
        </VictoryChart>
      </Box>
      <Stack direction="row" spacing={2} aria-hidden>
        <LegendKey color={seriesColours.entity} dashed={false} label={entity} />
        <LegendKey color={seriesColours.peers} dashed label="Peers (median)" />
      </Stack>
    </Box>
  );
}
