// Largest Contentful Paint of the public pages on a throttled phone (issue 18: under 1.5 s for / and
// /pricing). Both are prerendered by the build (scripts/prerender.ts), so they paint from the HTML;
// the bench also prints when the last of the page's scripts had arrived (the app then hydrates). Builds the production SPA (E2E_SKIP_BUILD=1 reuses dist/), starts the real server as
// the browser tests do, and loads each page in the system Chromium with Lighthouse's mobile profile
// applied through the DevTools protocol: 150 ms round trip, 1.6 Mbps down, 750 kbps up, 4x slower
// CPU, a 412x823 phone screen. Each load starts cold (new context, cache disabled); LCP is read
// from the page's own PerformanceObserver('largest-contentful-paint'). Prints every load and the
// median per page; exits non-zero when a median is at or above the target.
//
// Usage: npm run bench:lcp [-- --runs 5] [-- /pricing ...]
import { type Browser, chromium } from 'playwright-core';

import { CHROMIUM_ARGS, findChromium } from '../e2e/support/chromium';
import { buildForE2e, launchServer } from '../e2e/support/server';

const TARGET_MS = 1_500;
const DEFAULT_ROUTES = ['/', '/pricing'];
/** How long no larger paint must follow the last LCP candidate before it counts as final. */
const QUIET_MS = 3_000;

/** Lighthouse's "Slow 4G" mobile throttling (applied, not simulated), as the DevTools protocol takes it. */
const MOBILE = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
  cpuSlowdown: 4,
  viewport: { width: 412, height: 823 },
};

interface Load {
  lcp: number;
  /** When the last script the page loaded had arrived (ms from navigation start). */
  scriptsDone: number;
  element: string;
  scripts: number;
  transferKb: number;
}

/** One cold load of `url` on the throttled phone; LCP once the page has been quiet for a moment. */
async function loadOnce(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({
    viewport: MOBILE.viewport,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: MOBILE.latency,
      downloadThroughput: MOBILE.downloadThroughput,
      uploadThroughput: MOBILE.uploadThroughput,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuSlowdown });
    // Observed from the first byte of the document on (buffered entries included).
    await page.addInitScript(() => {
      const record = { lcp: 0, element: '', seenAt: 0 };
      (window as unknown as { __lcp: typeof record }).__lcp = record;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
          record.lcp = entry.startTime;
          record.seenAt = performance.now();
          const element = entry.element;
          record.element = element
            ? `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`
            : '(removed)';
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load' });
    // The page renders after its scripts run (slowly, on this CPU): wait for a first candidate and
    // then for QUIET_MS without a larger one. LCP stops at the first input; none comes here.
    await page.waitForFunction(
      (quietMs) => {
        const record = (window as unknown as { __lcp: { lcp: number; seenAt: number } }).__lcp;
        return record.lcp > 0 && performance.now() - record.seenAt > quietMs;
      },
      QUIET_MS,
      { polling: 100, timeout: 60_000 },
    );
    const result = await page.evaluate(() => {
      const record = (window as unknown as { __lcp: { lcp: number; element: string } }).__lcp;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const transfer = resources.reduce((sum, entry) => sum + entry.transferSize, navigation?.transferSize ?? 0);
      const scripts = resources.filter(
        (entry) => entry.initiatorType === 'script' || (entry.initiatorType === 'link' && entry.name.endsWith('.js')),
      );
      return {
        ...record,
        scripts: scripts.length,
        scriptsDone: Math.max(0, ...scripts.map((entry) => entry.responseEnd)),
        transfer,
      };
    });
    return {
      lcp: result.lcp,
      scriptsDone: result.scriptsDone,
      element: result.element,
      scripts: result.scripts,
      transferKb: result.transfer / 1024,
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const runsFlag = args.indexOf('--runs');
  const runs = runsFlag >= 0 ? Number(args[runsFlag + 1]) : 5;
  const routes = args.filter((arg, index) => arg.startsWith('/') && index !== runsFlag + 1);
  const wanted = routes.length ? routes : DEFAULT_ROUTES;

  buildForE2e();
  const server = await launchServer();
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS, headless: true });
  const summary: string[] = [];
  let missed = 0;
  try {
    console.log(
      `LCP on a throttled phone (${MOBILE.latency} ms RTT, 1.6 Mbps down, ${MOBILE.cpuSlowdown}x CPU), ${runs} cold loads per page`,
    );
    // One unmeasured load first: the server's own first-request costs are not the page's.
    await loadOnce(browser, `${server.baseUrl}/`);
    for (const route of wanted) {
      const loads: Load[] = [];
      for (let run = 0; run < runs; run += 1) {
        const load = await loadOnce(browser, `${server.baseUrl}${route}`);
        loads.push(load);
        console.log(
          `  ${route.padEnd(10)} run ${run + 1}: LCP ${load.lcp.toFixed(0).padStart(5)} ms  ${load.scripts} scripts, the last in at ${load.scriptsDone.toFixed(0)} ms, ${load.transferKb.toFixed(0)} KB transferred  (${load.element})`,
        );
      }
      const value = median(loads.map((load) => load.lcp));
      const ok = value < TARGET_MS;
      if (!ok) missed += 1;
      const scriptsDone = median(loads.map((load) => load.scriptsDone));
      summary.push(
        `${route.padEnd(10)} median LCP ${value.toFixed(0).padStart(5)} ms  ${ok ? 'meets' : 'MISSES'} the ${TARGET_MS} ms target; scripts all in by ${scriptsDone.toFixed(0)} ms`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log('\nsummary');
  for (const line of summary) console.log(line);
  if (missed) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
