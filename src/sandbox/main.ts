import { ADMIN_PATH } from './contract';
import { loadSandboxEnv } from './env';
import { startSandbox } from './sandbox';

/**
 * The sandbox on its own port, for pointing a separately run server at it
 * (SANDBOX_URL=http://127.0.0.1:4010 npm run serve):  npm run sandbox
 * SANDBOX_PORT (4010), SANDBOX_HOST (127.0.0.1), SANDBOX_SEED (42), SANDBOX_FAULTS as for the
 * server, SANDBOX_ADMIN_TOKEN (random when unset, and printed, so the admin routes can be used).
 * With NODE_ENV=development or test, /_sandbox/truth serves the world's hidden truth too.
 */
async function main() {
  const { seed, faults, adminToken, exposeTruth, problems } = loadSandboxEnv(process.env);
  if (problems.length > 0) throw new Error(`The sandbox cannot start:\n- ${problems.join('\n- ')}`);
  const sandbox = await startSandbox({
    port: Number(process.env.SANDBOX_PORT ?? 4010),
    host: process.env.SANDBOX_HOST ?? '127.0.0.1',
    seed,
    faults,
    adminToken,
    exposeTruth,
  });
  console.log(`Ad-platform sandbox listening at ${sandbox.url}`);
  // A token the operator chose is theirs already; a generated one is useless unless shown.
  const shown = adminToken === undefined ? sandbox.adminToken : '$SANDBOX_ADMIN_TOKEN';
  console.log(`Admin: curl -H "Authorization: Bearer ${shown}" ${sandbox.url}${ADMIN_PATH}/accounts`);
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
