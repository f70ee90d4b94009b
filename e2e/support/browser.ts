import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

import { CHROMIUM_ARGS, findChromium } from './chromium';
import { launchServer, type OwnServer, readState } from './server';

/** Viewports the nav is tested at. */
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** One browser per test file; a fresh context per test. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS, headless: true });
}

/**
 * One browser for the test file and a fresh context and page per test, opened before each test
 * at `viewport`. Read `session.page` inside tests.
 */
export function pagePerTest(viewport = DESKTOP): { readonly page: Page; readonly context: BrowserContext } {
  let browser: Browser;
  let current: { context: BrowserContext; page: Page } | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    current = await openPage(browser, viewport);
  });
  afterEach(() => current?.context.close());
  return {
    get page() {
      return current!.page;
    },
    get context() {
      return current!.context;
    },
  };
}

/** A new page on the running server at the given viewport. */
export async function openPage(
  browser: Browser,
  viewport = DESKTOP,
  baseUrl = readState().baseUrl,
): Promise<{ context: BrowserContext; page: Page; baseUrl: string }> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl });
  const page = await context.newPage();
  return { context, page, baseUrl };
}

/**
 * A server of the test file's own (for a file that moves the clock; see launchServer, which takes
 * `env`) and one browser, started before the file's tests and stopped after them. Read
 * `own.server` and `own.browser` inside tests.
 */
export function ownServerAndBrowser(env: Record<string, string> = {}): {
  readonly server: OwnServer;
  readonly browser: Browser;
} {
  let server: OwnServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await launchServer(env);
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      return server!;
    },
    get browser() {
      return browser!;
    },
  };
}
