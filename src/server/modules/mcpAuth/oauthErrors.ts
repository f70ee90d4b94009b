import type { FastifyReply } from 'fastify';

/** The error codes of RFC 6749 section 5.2, RFC 7591 section 3.2.2 and RFC 8707 this server answers. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata';

/**
 * An error of the token, registration or revocation endpoint: answered as the RFCs' JSON
 * `{error, error_description}` (OAuth clients read `error`), not as the API's `{detail}`.
 */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly statusCode = error === 'invalid_client' ? 401 : 400,
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}

/**
 * Sends an OAuthError. `detail` repeats the description so the body also has the shape every
 * other error of the API has (the app's tools and tests read `detail`); OAuth clients ignore it.
 */
export function sendOAuthError(reply: FastifyReply, error: OAuthError): FastifyReply {
  return reply
    .code(error.statusCode)
    .header('cache-control', 'no-store')
    .send({ error: error.error, error_description: error.description, detail: error.description });
}

/** Runs an endpoint's work, answering an OAuthError the way the RFCs ask; anything else goes to the app's error handler. */
export async function answeringOAuthErrors<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof OAuthError) return sendOAuthError(reply, error);
    throw error;
  }
}
