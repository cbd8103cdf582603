import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessOf } from '../../access/route-access.ts';
import { errorBodySchema } from '../../plugins/errors.ts';
import { totalsPathSchema, totalsQuerySchema, transactionTotalsResponseSchema } from './schemas.ts';
import type { TransactionsService } from './service.ts';

/** SPEC §7 Transactions. */
export const transactionsRoutes: FastifyPluginAsyncZod<{ service: TransactionsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/v1/merchants/:id/transactions/totals',
    {
      // Any-site without a siteId (the service narrows to the caller's sites); the named site with one.
      config: { access: { kind: 'merchant', permissions: ['Transaction:ListTransactions'], scope: 'site' } },
      schema: {
        operationId: 'getTransactionTotals',
        tags: ['transactions'],
        summary: 'Count, captured, refunded and net amounts since a date, over the sites the caller may list',
        params: totalsPathSchema,
        querystring: totalsQuerySchema,
        response: {
          200: transactionTotalsResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => ({ data: await service.totals(accessOf(request), request.query) }),
  );
};
