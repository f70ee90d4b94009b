import { openApiDocument } from '../cli/writeOpenApi';
import { buildTestApp, type TestApp } from '../test/buildTestApp';

type Operation = {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: unknown;
  parameters?: { in: string; name: string }[];
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** Fastify's `/a/:id/b` as OpenAPI's `/a/{id}/b`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: Document;
  beforeAll(async () => {
    t = await buildTestApp({ workers: false, config: { metricsToken: 'a-metrics-token-for-the-docs' } });
    document = t.app.swagger() as unknown as Document;
  });
  afterAll(() => t.close());

  it('is OpenAPI 3.1 and describes every API route with a summary and a tag', () => {
    expect(document.openapi).toBe('3.1.0');
    const apiRoutes = t.app.registeredRoutes.filter((route) => route.url.startsWith('/api/'));
    expect(apiRoutes.length).toBeGreaterThan(30);
    const undescribed = apiRoutes.filter((route) => {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      return !operation?.summary || !operation.tags?.length;
    });
    expect(undescribed.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('keeps pages, the SPA and mounted services out of it', () => {
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });

  it('shows the request schemas from the shared yup schemas, and which routes need a token', () => {
    const login = document.paths['/api/login/'].post;
    expect(login.requestBody).toMatchObject({
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['username', 'password'],
            properties: { username: { type: 'string', format: 'email' } },
          },
        },
      },
    });
    expect(login.security).toBeUndefined();
    expect(document.paths['/api/ad-accounts/'].get.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/dashboard/campaigns/{id}/ads/'].get.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'path', name: 'id' })]),
    );
  });

  it('is what `npm run build` writes to dist/openapi.json', async () => {
    const built = (await openApiDocument()) as Document;
    expect(Object.keys(built.paths).sort()).toEqual(Object.keys(document.paths).sort());
  });
});
