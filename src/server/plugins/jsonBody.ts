import type { FastifyInstance } from 'fastify';

import { badRequest } from '../lib/httpError';

/** Deepest nesting a JSON body may have; no form of ours sends more than two levels. */
export const JSON_MAX_DEPTH = 32;
/** Largest JSON body, in bytes: a contact message is 1,000 characters, so this is generous. */
export const JSON_BODY_LIMIT_BYTES = 100 * 1024;
/** Keys that pollute prototypes when code copies objects around; no request of ours uses them. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export const JSON_BODY_MESSAGES = {
  malformed: 'The request body is not valid JSON.',
  tooDeep: `The request body is nested more than ${JSON_MAX_DEPTH} levels deep.`,
  forbiddenKey: (key: string) => `The request body must not contain the key "${key}".`,
} as const;

/**
 * Why a parsed body is refused (too deep, a prototype key), or undefined when it is fine.
 * Walks iteratively, so no body can exhaust the stack here or in anything that reads it later.
 */
export function inspectJson(value: unknown): string | undefined {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: item, depth } = pending.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= JSON_MAX_DEPTH) return JSON_BODY_MESSAGES.tooDeep;
    for (const key of Object.keys(item)) {
      if (!Array.isArray(item) && FORBIDDEN_KEYS.has(key)) return JSON_BODY_MESSAGES.forbiddenKey(key);
      pending.push({ value: (item as Record<string, unknown>)[key], depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * Replaces Fastify's JSON parser with one that also bounds depth and refuses prototype keys, and
 * drops its text/plain parser: every body the API takes is JSON, anything else is a 415.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT_BYTES },
    (_request, body, done) => {
      const text = body as string;
      // An empty body with a JSON content type reads as "no body"; the route's schema decides if that is fine.
      if (text.trim() === '') return done(null, undefined);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return done(badRequest(JSON_BODY_MESSAGES.malformed), undefined);
      }
      const problem = inspectJson(parsed);
      return problem ? done(badRequest(problem), undefined) : done(null, parsed);
    },
  );
}
