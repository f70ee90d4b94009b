import { createHash, timingSafeEqual } from 'node:crypto';

/** A PKCE code verifier (RFC 7636 section 4.1): 43 to 128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge: the base64url SHA-256 of a verifier, 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9\-_]{43}$/;

export const isS256Challenge = (challenge: string) => S256_CHALLENGE.test(challenge);

/** The S256 challenge of a verifier: BASE64URL(SHA256(ASCII(verifier))). */
export const s256 = (verifier: string) => createHash('sha256').update(verifier, 'ascii').digest('base64url');

/** Whether the verifier answers the challenge (S256 only: "plain" would hand the code to whoever saw the request). */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!VERIFIER.test(verifier)) return false;
  const computed = Buffer.from(s256(verifier));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
