import { randomBytes } from 'node:crypto';
import { findChromium } from './support/chromium';
import { buildSpa, startServer } from './support/server';

/** Before any browser test: Chromium must exist, the SPA is built, and the real server runs. */
export default async function globalSetup(): Promise<void> {
  findChromium();
  buildSpa();
  // The in-process sandbox serves its admin routes (ground truth for the tests) only with a token.
  // The spawned server inherits this environment, and so do the test workers started after this.
  process.env.SANDBOX_ADMIN_TOKEN = randomBytes(24).toString('base64url');
  await startServer();
}
