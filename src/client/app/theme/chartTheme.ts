import { type Theme, useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import type { VictoryThemeDefinition } from 'victory';

/** The chart colours that follow the colour scheme: ink for labels, surfaces for axes, grid and tooltips, and the series' own. */
export interface ChartColours {
  ink: string;
  muted: string;
  paper: string;
  border: string;
  grid: string;
  primary: string;
  secondary: string;
  secondaryDark: string;
  secondaryLight: string;
  warning: string;
}

/** The chart colours of a theme (the MUI theme stays the one source of look). */
export function chartColours(theme: Theme): ChartColours {
  const { palette } = theme;
  return {
    ink: palette.text.primary,
    muted: palette.text.secondary,
    paper: palette.background.paper,
    border: palette.divider,
    // The dashed grid sits one step off the paper, in either scheme.
    grid: palette.mode === 'dark' ? palette.divider : palette.action.hover,
    primary: palette.primary.main,
    secondary: palette.secondary.main,
    secondaryDark: palette.mode === 'dark' ? palette.secondary.main : palette.secondary.dark,
    secondaryLight: palette.secondary.light,
    warning: palette.warning.main,
  };
}

/** The app's Victory theme for a MUI theme, derived from its palette and type; every chart uses it. */
export function chartThemeFor(theme: Theme): VictoryThemeDefinition {
  const colours = chartColours(theme);
  const fontFamily = theme.typography.fontFamily;
  const tickLabels = { fontFamily, fontSize: 11, fill: colours.muted, padding: 6 };
  return {
    axis: {
      style: {
        axis: { stroke: colours.border, strokeWidth: 1 },
        grid: { stroke: 'none' },
        ticks: { stroke: colours.border, size: 4 },
        tickLabels,
        axisLabel: { ...tickLabels, fontSize: 12 },
      },
    },
    dependentAxis: {
      style: {
        grid: { stroke: colours.grid, strokeDasharray: '4 4' },
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
        labels: { fontFamily, fontSize: 12, fill: colours.ink },
        title: { fontFamily, fontSize: 12 },
      },
    },
    tooltip: {
      style: { fontFamily, fontSize: 11, fill: colours.ink },
      flyoutStyle: { fill: colours.paper, stroke: colours.border, strokeWidth: 1 },
      flyoutPadding: { top: 6, bottom: 6, left: 10, right: 10 },
      cornerRadius: 4,
      pointerLength: 6,
    },
    voronoi: {
      style: {
        labels: { fontFamily, fontSize: 11, fill: colours.ink },
        flyout: { fill: colours.paper, stroke: colours.border, strokeWidth: 1 },
      },
    },
  };
}

/** The Victory theme and colours of the current colour scheme, for a chart component. */
export function useChartTheme(): { chartTheme: VictoryThemeDefinition; colours: ChartColours } {
  const theme = useTheme();
  return useMemo(() => ({ chartTheme: chartThemeFor(theme), colours: chartColours(theme) }), [theme]);
}
