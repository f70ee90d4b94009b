import { type FastifyLoggerOptions, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { DestinationStream, LoggerOptions as PinoLoggerOptions } from 'pino';

/** Query-string keys whose values never reach the logs (OAuth codes, tokens, OTPs). */
const SECRET_QUERY_KEYS =
  /^(code|auth_code|state|token|access_token|refresh_token|id_token|fb_exchange_token|client_secret|secret|appsecret_proof|otp|code_verifier|password)$/i;

/** Paths whose last segment is a secret: invitation links (the page and the API that reads them). */
const SECRET_PATH_SEGMENT = /(\/invitations\/)(?!accept\/)[^/?#]+/i;

/** Logs a URL with secret query values (and secret path segments) replaced, so OAuth callbacks and invitation links do not leak. */
export function redactUrl(rawUrl: string): string {
  const url = rawUrl.replace(SECRET_PATH_SEGMENT, '$1[redacted]');
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
  // A first-party ingestion key's secret (only ever in the answer that makes it) and the signature made with it.
  '*.secret',
  'req.headers["x-adwise-signature"]',
  'headers["x-adwise-signature"]',
];

/** Fields of a database driver's error that name what failed without quoting any value. */
const DATABASE_ERROR_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'routine'] as const;

/**
 * A message without Drizzle's "params: ..." part (every bound value of the failed query). A
 * DrizzleQueryError carries its SQL text apart, so its message is rebuilt from that; for other
 * errors everything from "\nparams:" on goes (a value may itself contain line breaks).
 */
function withoutParams(error: { message?: unknown; query?: unknown }): string {
  const message = String(error.message ?? '');
  if (typeof error.query === 'string' && message.startsWith('Failed query:')) return `Failed query: ${error.query}`;
  const cut = message.indexOf('\nparams:');
  return cut < 0 ? message : message.slice(0, cut);
}

/**
 * The stack with its first line (the message) replaced by the safe message. V8 starts a stack
 * with "<name>: <message>"; when it does not, the stack is left out rather than searched, since a
 * parameter may contain anything, including lines that look like stack frames.
 */
function safeStack(error: Error, safeMessage: string): string {
  const head = `${error.name}: ${error.message}`;
  if (!error.stack?.startsWith(head)) return `${error.name}: ${safeMessage}`;
  return `${error.name}: ${safeMessage}${error.stack.slice(head.length)}`;
}

/**
 * How an error reaches the log: its type, message and stack, and for database errors the SQLSTATE
 * code and the constraint or table it concerns. Never the query's parameters (Drizzle puts every
 * bound value into its message), the driver's `detail` ("Key (email)=(ann@example.com) exists"),
 * or any other property an error happens to carry (tokens, request bodies, headers).
 */
export function serializeError(error: unknown): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  if (!(error instanceof Error)) return { type: typeof error, message: '[not an Error]', stack: '' };
  const out: { type: string; message: string; stack: string; [key: string]: unknown } = {
    type: error.name,
    message: withoutParams(error),
    stack: safeStack(error, withoutParams(error)),
  };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') out.code = code;
  const statusCode = (error as { statusCode?: unknown }).statusCode;
  if (typeof statusCode === 'number') out.statusCode = statusCode;
  const cause = (error as { cause?: unknown }).cause;
  if (cause && typeof cause === 'object') {
    const database = Object.fromEntries(
      DATABASE_ERROR_FIELDS.filter((field) => typeof (cause as Record<string, unknown>)[field] === 'string').map(
        (field) => [field, (cause as Record<string, unknown>)[field]],
      ),
    );
    // The driver's own message is kept only for errors that are not about a row's values.
    out.cause =
      Object.keys(database).length > 0
        ? database
        : { type: (cause as Error).name, message: withoutParams(cause as Error) };
  }
  return out;
}

/** Pino options for Fastify: request id on every request line, secrets redacted. */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyLoggerOptions & PinoLoggerOptions {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      err: serializeError,
      req(req) {
        return {
          method: req.method,
          url: typeof req.url === 'string' ? redactUrl(req.url) : undefined,
          remoteAddress: req.ip,
        };
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
