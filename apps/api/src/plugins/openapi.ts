import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const OPENAPI_PATH = '/api/openapi.json';

/** The configuration the committed document is generated with: the production route table (no dev routes). */
export const OPENAPI_ENV = { NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_DEMO: 'false' } as const;

/**
 * OpenAPI 3.1 generated from the routes' zod schemas. Must be registered before any route.
 * Every route is bearer-protected unless it declares `security: []` (health, sign-in, …).
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Merchant portal API',
        description:
          'The API behind the merchant portal. Every error is `{ error: { code, message, details? } }`.',
        version: '1.0.0',
      },
      // Relative: the API is served on the portal's origin under /api, whatever PUBLIC_URL is.
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          basicAuth: { type: 'http', scheme: 'basic' },
        },
      },
      security: [{ bearerAuth: [] }],
    },
    // Made per app, not the package's shared pair: its transform caches the input/output registries for as long as
    // zod's global registry keeps its size, and in a process that builds more than one app (the API suite's files
    // share worker processes) the document came out naming input schemas as outputs (`DeviceOrderCreate` for
    // `DeviceOrderCreateInput`).
    transform: createJsonSchemaTransform({}),
    transformObject: createJsonSchemaTransformObject({}),
  });
}

/** The route serving the document; registered after the routes so the document is complete. */
export function registerOpenApiRoute(app: FastifyInstance) {
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    return reply.type('application/json; charset=utf-8').send(app.swagger());
  });
}

/** The document as committed in apps/api/openapi.json (the portal's client is generated from it). */
export function openApiDocument(app: FastifyInstance): Record<string, unknown> {
  return app.swagger() as unknown as Record<string, unknown>;
}
