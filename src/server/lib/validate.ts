import { checkInOrder } from '@shared/validation/firstError';
import type { FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import type { AnyObjectSchema, InferType, Schema } from 'yup';

import { badRequest } from './httpError';

/**
 * Runs one of the shared yup schemas on untrusted input. Unknown keys are dropped; a failure
 * becomes a 400 whose `detail` is the message the client shows for the first bad field (in form
 * order), and whose `field` names it.
 */
export function validate<S extends AnyObjectSchema>(schema: S, input: unknown): InferType<S> {
  const result = checkInOrder(schema, input);
  if (result.error) throw badRequest(result.error.message, result.error.field);
  return result.value as InferType<S>;
}

/** True for a yup schema (routes describe their body, query and params with the shared ones). */
export const isYupSchema = (value: unknown): value is AnyObjectSchema =>
  typeof value === 'object' && value !== null && (value as { __isYupSchema__?: boolean }).__isYupSchema__ === true;

/**
 * Fastify's validator for route schemas written with yup: the route's `schema.body`,
 * `schema.querystring` and `schema.params` run through `validate` before the handler, and the
 * handler receives the cast value. A failure reaches the error handler as the same 400.
 */
export const yupValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, url, method, httpPart }) => {
  if (!isYupSchema(schema)) throw new Error(`${method} ${url}: the ${httpPart} schema must be a yup object schema`);
  return (data: unknown) => {
    // Synchronous on purpose: Fastify applies the cast value only from a synchronous result.
    const result = checkInOrder(schema, data);
    return result.error ? { error: badRequest(result.error.message, result.error.field) } : { value: result.value };
  };
};

/** Types `request.body`, `request.query` and `request.params` from the route's yup schemas. */
export interface YupTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends Schema ? InferType<this['schema']> : unknown;
  serializer: unknown;
}
