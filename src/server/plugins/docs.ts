import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { convertSchema } from '@sodaru/yup-to-json-schema';
import type { FastifyInstance, FastifySchema } from 'fastify';

import type { AppConfig } from '../config';
import { isYupSchema } from '../lib/validate';

/** Where the generated description is served in development (JSON at <docs>/json). */
export const docsPath = (config: AppConfig) => `${config.apiBase}/docs`;

const toJsonSchema = (schema: unknown) => (isYupSchema(schema) ? convertSchema(schema) : schema);

/**
 * Routes declare their input with the shared yup schemas; the OpenAPI document shows them as
 * JSON Schema. Routes outside the API (pages, the SPA, the sandbox) are not part of it.
 */
function describeRoute(apiBase: string) {
  return ({ schema, url }: { schema: FastifySchema; url: string }) => {
    const out: Record<string, unknown> = { ...schema };
    for (const part of ['body', 'querystring', 'params', 'headers'] as const) {
      if (schema?.[part]) out[part] = toJsonSchema(schema[part]);
    }
    if (schema?.response) {
      out.response = Object.fromEntries(
        Object.entries(schema.response as Record<string, unknown>).map(([status, body]) => [
          status,
          toJsonSchema(body),
        ]),
      );
    }
    if (url !== apiBase && !url.startsWith(`${apiBase}/`)) out.hide = true;
    return { schema: out as FastifySchema, url };
  };
}

/**
 * OpenAPI 3.1 from the route schemas (@fastify/swagger); in development also the Swagger UI at
 * /api/docs. `npm run build` writes the same document to dist/openapi.json.
 */
export async function registerApiDocs(app: FastifyInstance, config: AppConfig): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Adwise API',
        version: '1',
        description: 'Every error answers `{ detail, code, field? }`; `detail` is safe to show to a person.',
      },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: describeRoute(config.apiBase),
  });
  if (config.env === 'development') {
    await app.register(swaggerUi, { routePrefix: docsPath(config), staticCSP: true });
  }
}
