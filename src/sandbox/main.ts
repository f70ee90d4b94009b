import { parseFaultConfig } from './faults';
import { startSandbox } from './sandbox';

/**
 * The sandbox on its own port, for pointing a separately run server at it
 * (SANDBOX_URL=http://127.0.0.1:4010 npm run serve):  npm run sandbox
 * SANDBOX_PORT (4010), SANDBOX_HOST (127.0.0.1), SANDBOX_SEED (42), SANDBOX_FAULTS as for the server.
 */
async function main() {
  const sandbox = await startSandbox({
    port: Number(process.env.SANDBOX_PORT ?? 4010),
    host: process.env.SANDBOX_HOST ?? '127.0.0.1',
    seed: Number(process.env.SANDBOX_SEED ?? 42),
    faults: parseFaultConfig(process.env.SANDBOX_FAULTS),
  });
  console.log(`Ad-platform sandbox listening at ${sandbox.url} (admin: ${sandbox.url}/_sandbox/accounts)`);
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
