import { type ComponentType, useEffect, useState } from 'react';

import type { PerformanceChartProps } from './PerformanceChart';
import { PerformanceChartSkeleton } from './PerformanceChartSkeleton';

type Chart = ComponentType<PerformanceChartProps>;

/** The chart and Victory (about a quarter of the dashboard's JavaScript) come in a chunk of their own. */
const loadChart = () =>
  import(/* webpackChunkName: "dashboard-chart" */ './PerformanceChart').then(
    (module) => (chart = module.PerformanceChart),
  );
let chart: Chart | undefined;

/**
 * PerformanceChart, loaded once the dashboard has drawn (it sits below the summary cards): its
 * skeleton until then. No Suspense, so the chart shows the moment its code is there.
 */
export function LazyPerformanceChart(props: PerformanceChartProps) {
  const [Loaded, setLoaded] = useState<Chart | undefined>(() => chart);
  useEffect(() => {
    if (Loaded) return undefined;
    let live = true;
    void loadChart().then((component) => {
      if (live) setLoaded(() => component);
    });
    return () => {
      live = false;
    };
  }, [Loaded]);
  return Loaded ? <Loaded {...props} /> : <PerformanceChartSkeleton />;
}

/** Starts loading the chart's code ahead of the view (the dashboard calls it as it mounts). */
export function preloadPerformanceChart(): void {
  void loadChart();
}
