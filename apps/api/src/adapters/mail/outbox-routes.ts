import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { readOutbox } from './outbox-mailer.ts';

/**
 * GET /api/dev/outbox?to= — the stored e-mails, newest first, so a developer (or an end-to-end test) can read
 * a code. It carries codes and temporary passwords: register it only outside production (app.ts checks).
 */
export async function devOutboxRoutes(app: FastifyInstance, options: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dev/outbox',
    {
      schema: {
        security: [],
        operationId: 'devReadOutbox',
        tags: ['dev'],
        querystring: z.object({ to: z.string().max(320).optional() }),
        response: {
          200: z.object({
            data: z.array(
              z.object({
                id: z.string(),
                to: z.string(),
                subject: z.string(),
                text: z.string(),
                html: z.string().nullable(),
                kind: z.string(),
                locale: z.string(),
                createdAt: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const rows = await readOutbox(options.db, request.query.to);
      return { data: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
    },
  );
}
