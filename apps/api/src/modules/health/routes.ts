import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { DATABASE_RETRY_AFTER_SECONDS, errorBodySchema } from '../../plugins/errors.ts';

/** Liveness and readiness for load balancers and orchestrators; both are public. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Pick<Database, 'ping' | 'kind'> }> = async (
  app,
  { database },
) => {
  app.get(
    '/healthz',
    {
      schema: {
        operationId: 'getHealth',
        tags: ['health'],
        summary: 'The process is up',
        security: [],
        response: { 200: z.object({ data: z.object({ status: z.literal('ok') }) }) },
      },
    },
    async () => ({ data: { status: 'ok' as const } }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        operationId: 'getReadiness',
        tags: ['health'],
        summary: 'The process can serve requests: the database answers',
        security: [],
        response: {
          200: z.object({
            data: z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) }),
          }),
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      try {
        await database.ping();
      } catch (err) {
        request.log.error({ err }, 'database ping failed');
        return reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({ error: { code: 'NOT_READY', message: 'The database is not reachable' } });
      }
      return { data: { status: 'ready' as const, database: database.kind } };
    },
  );
};
