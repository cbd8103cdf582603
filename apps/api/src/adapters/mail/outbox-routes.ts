import { requiredText } from '@mp/domain/schemas/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { sendError } from '../../plugins/errors.ts';
import { readOutbox } from './outbox-mailer.ts';

/** True for a request that arrived on the loopback interface and was not forwarded by a proxy. */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? '';
  const loopback = address === '::1' || /^(::ffff:)?127\./.test(address);
  return (
    loopback && request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined
  );
}

/**
 * GET /api/dev/outbox?to= — the e-mails stored for one address, newest first, so a developer (or an end-to-end
 * test) can read a code. It carries codes and temporary passwords, so (issue 8 §4): registered only outside
 * production (identity/module.ts), answered only to a request from the loopback interface that was not
 * forwarded by a proxy (anything else: 404, as if it did not exist), and only with `to=` (no listing of all).
 */
export async function devOutboxRoutes(app: FastifyInstance, options: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dev/outbox',
    {
      onRequest: async (request, reply) => {
        if (!isLoopbackRequest(request)) {
          return sendError(reply, 404, {
            code: 'NOT_FOUND',
            message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
          });
        }
      },
      schema: {
        security: [],
        operationId: 'devReadOutbox',
        tags: ['dev'],
        description:
          'Development only: absent in production, answers only on the loopback interface, `to` required.',
        querystring: z.object({ to: requiredText(320) }),
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
                replyTo: z.string().nullable(),
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
