import { randomBytes } from 'node:crypto';

import { findChromium } from './support/chromium';
import { buildForE2e, startServer } from './support/server';

/** Before any browser test: Chromium must exist, the SPA and the server are built, and the real server runs. */
export default async function globalSetup(): Promise<void> {
  findChromium();
  buildForE2e();
  // The in-process sandbox serves its admin routes (ground truth for the tests) only with a token.
  // The spawned server inherits this environment, and so do the test workers started after this.
  process.env.SANDBOX_ADMIN_TOKEN = randomBytes(24).toString('base64url');
  await startServer();
}
