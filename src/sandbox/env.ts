import { MIN_ADMIN_TOKEN_LENGTH } from './admin';
import { type FaultRule, parseFaultConfig } from './faults';

/**
 * The sandbox's own settings from the environment, for whichever process hosts it (the server's
 * main.ts, or `npm run sandbox`). Bad values come back as messages in `problems`, next to a safe
 * fallback, so the host can report every problem at once and refuse to start.
 */

export const DEFAULT_SANDBOX_SEED = 42;

export interface SandboxEnv {
  /** SANDBOX_SEED: which synthetic world (default 42). */
  seed: number;
  /** SANDBOX_FAULTS: standing fault probabilities ("rate_limit:0.05,slow:0.1"). */
  faults: FaultRule[];
  /** SANDBOX_ADMIN_TOKEN: what the admin routes require; unset, they are not served. */
  adminToken?: string;
  /** Whether /_sandbox/truth is served: only when NODE_ENV is development or test. */
  exposeTruth: boolean;
  problems: string[];
}

export function loadSandboxEnv(env: NodeJS.ProcessEnv): SandboxEnv {
  const value = (name: string) => env[name]?.trim() || undefined;
  const problems: string[] = [];

  const seedText = value('SANDBOX_SEED');
  let seed = DEFAULT_SANDBOX_SEED;
  if (seedText !== undefined) {
    if (/^-?\d+$/.test(seedText) && Number.isSafeInteger(Number(seedText))) seed = Number(seedText);
    else problems.push(`SANDBOX_SEED must be a whole number (got "${seedText}")`);
  }

  let faults: FaultRule[] = [];
  try {
    faults = parseFaultConfig(value('SANDBOX_FAULTS'));
  } catch (error) {
    problems.push((error as Error).message);
  }

  let adminToken = value('SANDBOX_ADMIN_TOKEN');
  if (adminToken !== undefined && adminToken.length < MIN_ADMIN_TOKEN_LENGTH) {
    // Not echoed: it is meant to be a secret, even when it is a weak one.
    problems.push(
      `SANDBOX_ADMIN_TOKEN must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters long (openssl rand -hex 16)`,
    );
    adminToken = undefined;
  }

  const exposeTruth = env.NODE_ENV === 'development' || env.NODE_ENV === 'test';
  return { seed, faults, ...(adminToken !== undefined ? { adminToken } : {}), exposeTruth, problems };
}
