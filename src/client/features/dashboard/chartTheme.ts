import type { ChartColours } from '@client/app/theme/chartTheme';

import type { ChartMetric } from './chartData';

/** Each line's colour in the current scheme's chart colours (each also colours its own axis). */
export function metricColours(colours: ChartColours): Record<ChartMetric, string> {
  return { spend: colours.primary, ctr: colours.secondaryDark, conversions: colours.warning };
}

/** The app's Victory theme, which the dashboard's charts use like every other. */
export { useChartTheme } from '@client/app/theme/chartTheme';
