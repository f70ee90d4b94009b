import type { FastifyInstance } from 'fastify';

import { badRequest } from '../lib/httpError';

export const QUERY_MESSAGES = {
  repeated: (name: string) => `The query parameter "${name}" was given more than once.`,
  nulCharacter: (name: string) => `The query parameter "${name}" must not contain NUL characters.`,
} as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads its query itself and answers a malformed one in its own way, so the guard
     * below leaves it alone (the OAuth callback: a browser mid-redirect must land on a page, not
     * on a JSON 400).
     */
    checksOwnQuery?: boolean;
  }
}

/**
 * Refuses query strings that say two things at once (`state=a&state=b` parses to an array that
 * no route expects) or carry NUL characters, before any route reads them. Routes with
 * `config: { checksOwnQuery: true }` are skipped.
 */
export function refuseAmbiguousQueries(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.checksOwnQuery === true) return;
    const query = request.query as Record<string, unknown> | undefined;
    if (!query || typeof query !== 'object') return;
    for (const [name, value] of Object.entries(query)) {
      if (Array.isArray(value)) throw badRequest(QUERY_MESSAGES.repeated(name), name);
      if ((typeof value === 'string' && value.includes('\u0000')) || name.includes('\u0000'))
        throw badRequest(QUERY_MESSAGES.nulCharacter(name.replace(/\u0000/g, '')), name.replace(/\u0000/g, ''));
    }
  });
}
