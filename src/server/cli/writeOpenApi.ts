import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { buildApp } from '../app';
import { loadConfig } from '../config';

/**
 * Writes the API's OpenAPI 3.1 document (generated from the route schemas) to a file; `npm run
 * build` puts it at dist/openapi.json. Builds the app as production does, on a throw-away
 * in-memory database with no workers, so it needs no secrets or services.
 */
export async function openApiDocument(): Promise<unknown> {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: '',
    PGLITE_DATA_DIR: 'memory://',
    APP_SECRET: randomBytes(48).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    // So the operators' endpoint is described too (it exists only where METRICS_TOKEN is set).
    METRICS_TOKEN: randomBytes(24).toString('base64url'),
  });
  const app = await buildApp(config, { workers: false, schedules: false });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
  }
}

async function main() {
  const target = path.resolve(process.argv[2] ?? 'dist/openapi.json');
  const document = await openApiDocument();
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
  console.log(`OpenAPI document written to ${path.relative(process.cwd(), target)}`);
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
