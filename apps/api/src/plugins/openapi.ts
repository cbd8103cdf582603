import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const OPENAPI_PATH = '/api/openapi.json';

/**
 * OpenAPI 3.1 generated from the routes' zod schemas. Must be registered before any route.
 * Every route is bearer-protected unless it declares `security: []` (health, sign-in, …).
 */
export async function registerOpenApi(app: FastifyInstance, options: { publicUrl: string }) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Merchant portal API',
        description:
          'The API behind the merchant portal. Every error is `{ error: { code, message, details? } }`.',
        version: '1.0.0',
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
}

/** The route serving the document; registered after the routes so the document is complete. */
export function registerOpenApiRoute(app: FastifyInstance) {
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    return reply.type('application/json; charset=utf-8').send(app.swagger());
  });
}
