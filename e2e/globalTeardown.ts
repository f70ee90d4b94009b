import { stopServer } from './support/server';

/** Stops the server globalSetup started. */
export default async function globalTeardown(): Promise<void> {
  await stopServer();
}
