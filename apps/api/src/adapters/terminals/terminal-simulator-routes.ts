import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { issueTerminalCodes } from './terminal-stock.ts';

/**
 * POST /api/dev/terminal-codes — the terminal simulator: every unassigned demo terminal shows a fresh one-time
 * code, returned here so a developer (or an end-to-end test) can connect one. Outside production only (app.ts).
 */
export async function devTerminalRoutes(app: FastifyInstance, options: { db: Db; clock: Clock }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/dev/terminal-codes',
    {
      config: { access: { kind: 'public' } },
      schema: {
        security: [],
        operationId: 'devIssueTerminalCodes',
        tags: ['dev'],
        summary: 'Dev only: fresh one-time codes on every unassigned terminal',
        response: {
          200: z.object({
            data: z.array(
              z.object({ serial: z.string(), model: z.string(), code: z.string(), expiresAt: z.string() }),
            ),
          }),
        },
      },
    },
    async () => ({ data: await issueTerminalCodes(options.db, options.clock.now()) }),
  );
}
