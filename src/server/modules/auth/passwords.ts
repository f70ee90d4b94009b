import argon2 from 'argon2';

/** argon2id with OWASP's minimum: 19 MiB, 2 passes, 1 lane (ASVS 11.4.2, Appendix C). */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password for storage. */
export const hashPassword = (password: string) => argon2.hash(password, ARGON2_OPTIONS);

/** A valid hash of a random password: verifying against it costs the same as a real check. */
let decoy: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no stored hash (unknown e-mail) it still spends
 * the time of a real check, so response times do not reveal which e-mails are registered.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    decoy ??= hashPassword(Math.random().toString(36));
    await argon2.verify(await decoy, password).catch(() => false);
    return false;
  }
  return argon2.verify(storedHash, password).catch(() => false);
}
