import type { VictoryThemeDefinition } from 'victory';
import { brand } from './brand';
import { theme } from './theme';

const fontFamily = theme.typography.fontFamily;
const tickLabels = { fontFamily, fontSize: 11, fill: brand.ink.muted, padding: 6 };

/** The app's Victory theme, derived from the palette and type (the MUI theme stays the one source of look); every chart uses it. */
export const chartTheme: VictoryThemeDefinition = {
  axis: {
    style: {
      axis: { stroke: brand.surface.border, strokeWidth: 1 },
      grid: { stroke: 'none' },
      ticks: { stroke: brand.surface.border, size: 4 },
      tickLabels,
      axisLabel: { ...tickLabels, fontSize: 12 },
    },
  },
  dependentAxis: {
    style: {
      grid: { stroke: brand.surface.subtle, strokeDasharray: '4 4' },
    },
  },
  line: {
    style: {
      data: { strokeWidth: 2, strokeLinejoin: 'round', strokeLinecap: 'round' },
    },
  },
  legend: {
    gutter: 20,
    orientation: 'horizontal',
    style: {
      labels: { fontFamily, fontSize: 12, fill: brand.ink.main },
      title: { fontFamily, fontSize: 12 },
    },
  },
  tooltip: {
    style: { fontFamily, fontSize: 11, fill: brand.ink.main },
    flyoutStyle: { fill: brand.surface.paper, stroke: brand.surface.border, strokeWidth: 1 },
    flyoutPadding: { top: 6, bottom: 6, left: 10, right: 10 },
    cornerRadius: 4,
    pointerLength: 6,
  },
  voronoi: {
    style: {
      labels: { fontFamily, fontSize: 11, fill: brand.ink.main },
      flyout: { fill: brand.surface.paper, stroke: brand.surface.border, strokeWidth: 1 },
    },
  },
};
