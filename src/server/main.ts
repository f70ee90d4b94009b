import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { DEMO_USER } from './modules/users/users.service';

/** Longest a shutdown may take before the process exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 25_000;

async function main() {
  const config = loadConfigOrExit();

  const app = await buildApp(config);
  if (config.env === 'development') {
    await app.services.users.ensureDemoUser();
    app.log.info(`demo login: ${DEMO_USER.email} / ${DEMO_USER.password}`);
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: app.ctx.database.kind, mail: config.smtpUrl ? 'smtp' : 'outbox' },
    `Adwise is running at ${config.publicUrl}`,
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new requests, finishing in-flight requests and jobs');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    app
      .close()
      .then(() => process.exit(0))
      .catch((error) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
