import { findChromium } from './support/chromium';
import { buildSpa, startServer } from './support/server';

/** Before any browser test: Chromium must exist, the SPA is built, and the real server runs. */
export default async function globalSetup(): Promise<void> {
  findChromium();
  buildSpa();
  await startServer();
}
