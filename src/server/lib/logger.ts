import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/** Query-string keys whose values never reach the logs (OAuth codes, tokens, OTPs). */
const SECRET_QUERY_KEYS = /^(code|auth_code|state|token|access_token|refresh_token|id_token|fb_exchange_token|client_secret|secret|appsecret_proof|otp|code_verifier|password)$/i;

/** Logs a URL with secret query values replaced, so OAuth callbacks do not leak codes. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const key of [...params.keys()]) if (SECRET_QUERY_KEYS.test(key)) params.set(key, '[redacted]');
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}

/** Paths pino blanks out wherever a request, reply or error object is logged. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-user-email"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-user-email"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.confirmPassword',
  '*.access',
  '*.refresh',
  '*.token',
  '*.otp',
  '*.email',
  '*.username',
  '*.appSecret',
  '*.encryptionKey',
  '*.smtpUrl',
  '*.databaseUrl',
];

/** Pino options for Fastify: request id on every request line, secrets redacted. */
export function loggerOptions(level: string): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req(req) {
        return { method: req.method, url: typeof req.url === 'string' ? redactUrl(req.url) : undefined, remoteAddress: req.ip };
      },
    },
  };
}

/**
 * One line per request instead of Fastify's two: "incoming request" drops to debug, and
 * "request completed" carries the method and URL next to the status and time.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}
