import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './chromium';
import { readState } from './server';

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
export async function openPage(browser: Browser, viewport = DESKTOP, baseUrl = readState().baseUrl): Promise<{ context: BrowserContext; page: Page; baseUrl: string }> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl });
  const page = await context.newPage();
  return { context, page, baseUrl };
}
