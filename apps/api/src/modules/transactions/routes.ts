import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../../access/route-access.ts';
import { errorBodySchema } from '../../plugins/errors.ts';
import {
  pspSearchBodySchema,
  totalsPathSchema,
  totalsQuerySchema,
  transactionDetailSchema,
  transactionPageSchema,
  transactionPathSchema,
  transactionSchema,
  transactionsQuerySchema,
  transactionTotalsResponseSchema,
} from './schemas.ts';
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

  app.get(
    '/v1/merchants/:id/transactions',
    {
      // Any-site without a siteId (the service narrows to the caller's sites); the named site with one.
      config: { access: { kind: 'merchant', permissions: ['Transaction:ListTransactions'], scope: 'site' } },
      schema: {
        operationId: 'listTransactions',
        tags: ['transactions'],
        summary: 'One page of transactions, newest first, filtered; at most 6 months (SPEC §5)',
        params: totalsPathSchema,
        querystring: transactionsQuerySchema,
        response: {
          200: transactionPageSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => service.list(accessOf(request), request.query),
  );

  app.post(
    '/v1/merchants/:id/transactions/psp',
    {
      config: {
        access: { kind: 'merchant', permissions: ['Transaction:ListTransactions'], scope: 'any-site' },
      },
      schema: {
        operationId: 'findTransactionsByPspReference',
        tags: ['transactions'],
        summary: 'The transactions with these PSP references, within the sites the caller may list (SPEC §7)',
        params: totalsPathSchema,
        body: pspSearchBodySchema,
        response: {
          200: z.object({ data: z.array(transactionSchema) }),
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => ({
      data: await service.byPspReferences(accessOf(request), request.body.pspReferences),
    }),
  );

  app.get(
    '/v1/merchants/:id/transactions/:transactionId',
    {
      config: {
        access: { kind: 'merchant', permissions: ['Transaction:ListTransactions'], scope: 'any-site' },
      },
      schema: {
        operationId: 'getTransaction',
        tags: ['transactions'],
        summary: 'One transaction: its PSP events, refunds, refundable remainder and payouts',
        params: transactionPathSchema,
        response: {
          200: z.object({ data: transactionDetailSchema }),
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => ({ data: await service.detail(accessOf(request), request.params.transactionId) }),
  );
};
