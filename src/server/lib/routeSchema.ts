import type { ApiErrorBody } from '@shared/api/errors';

/**
 * Pieces of route schemas for the OpenAPI document. Responses are described, not enforced: the
 * API's serializer is plain JSON.stringify, so a description can never drop a field from a reply.
 */

/** The shape of every error reply. */
export const errorBody = {
  type: 'object',
  required: ['detail'],
  properties: {
    detail: { type: 'string', description: 'A message safe to show to a person.' },
    code: { type: 'string', description: 'A stable code for programs (validation_failed, unauthorized, ...).' },
    field: { type: 'string', description: 'The request field a validation error is about.' },
    retry_after_seconds: { type: 'integer', description: 'On 429: seconds until the request may be repeated.' },
    action_id: {
      type: 'string',
      description:
        'With code partially_applied: the action in the actions log that records the change (GET actions/<id>/).',
    },
  },
} as const satisfies { properties: Record<keyof ApiErrorBody, unknown> } & Record<string, unknown>;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is not valid; `field` names the first bad field.',
  401: 'Not signed in, or the session has ended.',
  403: 'Not allowed (for example: no running trial or paid plan).',
  404: 'Not found, or not the caller’s.',
  409: 'Conflicts with the current state.',
  429: 'Too many requests; see Retry-After.',
  502: 'The ad platform failed.',
  503: 'A dependency is unavailable; see Retry-After.',
};

/** Error responses a route can give, for its `schema.response`. */
export function errorResponses(...statuses: number[]): Record<number, unknown> {
  return Object.fromEntries(
    statuses.map((status) => [status, { ...errorBody, description: ERROR_DESCRIPTIONS[status] ?? 'Error.' }]),
  );
}

/** A success response described in words (and optionally its JSON Schema). */
export const success = (description: string, schema: Record<string, unknown> = {}) => ({ description, ...schema });

/** `schema.security` of a route that needs `Authorization: Bearer <access token>`. */
export const bearerAuth = [{ bearer: [] as string[] }];
