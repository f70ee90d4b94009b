import { loadSandboxEnv } from '@sandbox/env';
import { createSandbox } from '@sandbox/sandbox';

import { buildApp, type MountedService } from './app';
import { type AppConfig, loadConfigOrExit, SANDBOX_PREFIX } from './config';
import { demoPlanFrom, seedDemoData } from './dev/demoData';
import { shiftableClock, timeTravelMount } from './dev/timeTravel';
import { type Clock, systemClock } from './lib/clock';
import { REPORT_SCHEDULE_JOB } from './modules/reports/schedules.service';
import { DEMO_USER } from './modules/users/users.service';

/** Longest a shutdown may take before the process exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 25_000;

/**
 * The in-process ad-platform sandbox (development only: config refuses SANDBOX=inprocess
 * elsewhere). This file is the one place the server and the sandbox meet: an external service
 * in all but address, it answers only the redirect origin of this server's own callbacks.
 */
function sandboxMount(config: AppConfig, clock: Clock): MountedService[] {
  if (config.sandbox.mode !== 'inprocess') return [];
  const env = loadSandboxEnv(process.env);
  if (env.problems.length > 0) {
    console.error(`Invalid sandbox configuration:\n${env.problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  const sandbox = createSandbox({
    seed: env.seed,
    faults: env.faults,
    adminToken: env.adminToken,
    exposeTruth: env.exposeTruth,
    redirectOrigins: [new URL(config.publicUrl).origin],
    now: () => clock.now(),
  });
  return [{ prefix: SANDBOX_PREFIX, plugin: sandbox.plugin }];
}

async function main() {
  const config = loadConfigOrExit();
  const demoPlan = demoPlanFrom(process.env.DEMO_PLAN);
  if (demoPlan === null) {
    console.error(`Invalid DEMO_PLAN "${process.env.DEMO_PLAN}": use trial (the default) or pro`);
    process.exit(1);
  }

  // In development with the in-process sandbox, the product and the sandbox share one clock that
  // the sandbox's admin token can move forward (dev/timeTravel.ts); elsewhere, the real time.
  const adminToken = loadSandboxEnv(process.env).adminToken;
  const travel =
    config.env === 'development' && config.sandbox.mode === 'inprocess' && adminToken ? shiftableClock() : undefined;
  const clock = travel ?? systemClock;
  // The app is built after the mounts; a travel reaches it through this reference.
  let afterTravel = async (): Promise<unknown> => undefined;
  const mounts = [
    ...sandboxMount(config, clock),
    ...(travel && adminToken ? [timeTravelMount(travel, adminToken, () => afterTravel())] : []),
  ];
  const app = await buildApp(config, { mounts, clock });
  afterTravel = () => app.ctx.queue.send(REPORT_SCHEDULE_JOB, {});
  if (config.env === 'development') {
    await app.services.users.ensureDemoUser();
    app.log.info(`demo login: ${DEMO_USER.email} / ${DEMO_USER.password}`);
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: app.ctx.database.kind, mail: config.smtpUrl ? 'smtp' : 'outbox' },
    `Adwise is running at ${config.publicUrl}`,
  );
  if (config.env === 'development' && config.sandbox.mode === 'inprocess') {
    // The demo shows real data at once: a trial and three sandbox platforms, backfilling now.
    seedDemoData(app, demoPlan)
      .then((done) =>
        app.log.info(
          { demo: done },
          done === 'seeded'
            ? 'demo account: trial started, Google Ads, Meta and LinkedIn connected; backfilling'
            : 'demo account kept as it was',
        ),
      )
      .catch((error: unknown) =>
        app.log.warn({ err: error }, 'could not set up the demo data; log in and connect an account instead'),
      );
  }

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
