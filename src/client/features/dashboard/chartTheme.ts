import { brand } from '@client/app/theme/brand';
import type { ChartMetric } from './chartData';

/** Each line's colour, from the brand palette (each also colours its own axis). */
export const METRIC_COLORS: Record<ChartMetric, string> = {
  spend: brand.primary.main,
  ctr: brand.secondary.dark,
  conversions: brand.warning,
};

/** The app's Victory theme, which the dashboard's charts use like every other. */
export { chartTheme } from '@client/app/theme/chartTheme';
