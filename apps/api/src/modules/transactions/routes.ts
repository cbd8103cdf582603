import { type FastifyPluginAsyncZod, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf, readOf } from '../../access/route-access.ts';
import { errorBodySchema } from '../../plugins/errors.ts';
import type { ReceiptsService } from './receipts-service.ts';
import type { RefundsService } from './refunds-service.ts';
import {
  dashboardQuerySchema,
  pspSearchBodySchema,
  receiptBodySchema,
  receiptResultSchema,
  refundBodySchema,
  refundHeadersSchema,
  refundResultSchema,
  totalsPathSchema,
  totalsQuerySchema,
  transactionDashboardResponseSchema,
  transactionDetailSchema,
  transactionPageSchema,
  transactionPathSchema,
  transactionSchema,
  transactionsQuerySchema,
  transactionTotalsResponseSchema,
} from './schemas.ts';
import type { PageAhead, TotalsAhead, TransactionsService } from './service.ts';

/**
 * The list's 200 is written by `JSON.stringify` alone: the page is built field by field from typed rows
 * (`toTransaction`), so zod's encoding of it (a validation pass over 50 rows of 15 fields, ~5 % of the API's CPU
 * on the list, docs/PERFORMANCE.md) checked nothing a type does not. Every other status keeps zod's serializer.
 */
const pageSerializer = (route: { httpStatus?: string }) =>
  route.httpStatus === '200'
    ? (data: unknown) => JSON.stringify(data)
    : serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);

/** SPEC §7 Transactions. */
export const transactionsRoutes: FastifyPluginAsyncZod<{
  service: TransactionsService;
  refunds: RefundsService;
  receipts: ReceiptsService;
}> = async (app, { service, refunds, receipts }) => {
  app.get(
    '/v1/merchants/:id/transactions/totals',
    {
      // Any-site without a siteId (the service narrows to the caller's sites); the named site with one.
      config: {
        access: {
          kind: 'merchant',
          permissions: ['Transaction:ListTransactions'],
          scope: 'site',
          // Sent with the access check (one round trip) when it can be made before it; used only if it fits.
          read: (merchantId, request) => service.totalsRead(merchantId, request.query),
        },
      },
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
    async (request) => ({
      data: await service.totals(accessOf(request), request.query, readOf<TotalsAhead>(request)),
    }),
  );

  app.get(
    '/v1/merchants/:id/transactions/dashboard',
    {
      // Any-site without a siteId (the service narrows to the caller's sites); the named site with one.
      config: { access: { kind: 'merchant', permissions: ['Transaction:ListTransactions'], scope: 'site' } },
      schema: {
        operationId: 'getTransactionDashboard',
        tags: ['transactions'],
        summary:
          "The home's last 30 days per currency: each day's count, captured and refunded, and figures by source",
        params: totalsPathSchema,
        querystring: dashboardQuerySchema,
        response: {
          200: transactionDashboardResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => ({ data: await service.dashboard(accessOf(request), request.query) }),
  );

  app.get(
    '/v1/merchants/:id/transactions',
    {
      // Any-site without a siteId (the service narrows to the caller's sites); the named site with one.
      config: {
        access: {
          kind: 'merchant',
          permissions: ['Transaction:ListTransactions'],
          scope: 'site',
          // A later page's statement sent with the access check (one round trip); used only if it fits.
          read: (merchantId, request) => service.listRead(merchantId, request.query),
        },
      },
      serializerCompiler: pageSerializer,
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
    async (request) => service.list(accessOf(request), request.query, readOf<PageAhead>(request)),
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

  app.post(
    '/v1/merchants/:id/transactions/:transactionId/refunds',
    {
      // Any-site here; the service checks Transaction:RefundTransaction on the transaction's own site (else 404).
      config: {
        access: { kind: 'merchant', permissions: ['Transaction:RefundTransaction'], scope: 'any-site' },
      },
      schema: {
        operationId: 'refundTransaction',
        tags: ['transactions'],
        summary:
          'Refund all or part of a captured payment through the PSP (issue 11 §3); pending until the PSP confirms',
        params: transactionPathSchema,
        headers: refundHeadersSchema,
        body: refundBodySchema,
        response: {
          201: z.object({ data: refundResultSchema }),
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          422: errorBodySchema.describe(
            '"Unable to refund transaction." (the PSP refused), or the Idempotency-Key was used with another body',
          ),
          502: errorBodySchema.describe('"An error occurred while refunding the transaction."'),
        },
      },
    },
    async (request, reply) => {
      const { created, ...data } = await refunds.refund(
        accessOf(request),
        request.params.transactionId,
        request.body.amount,
        request.headers['idempotency-key'],
      );
      if (!created) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send({ data });
    },
  );

  app.post(
    '/v1/merchants/:id/transactions/:transactionId/receipts',
    {
      // Any-site here; the service checks Transaction:ListTransactions on the transaction's own site (else 404).
      config: {
        access: { kind: 'merchant', permissions: ['Transaction:ListTransactions'], scope: 'any-site' },
      },
      schema: {
        operationId: 'sendTransactionReceipt',
        tags: ['transactions'],
        summary:
          "E-mail the transaction's receipt (issue 11 §3): merchant and site, time in the merchant's zone, " +
          'amount, tip, card scheme and last four, PSP reference, refunds',
        params: transactionPathSchema,
        body: receiptBodySchema,
        response: {
          201: z.object({ data: receiptResultSchema }),
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          422: errorBodySchema.describe(
            'RECIPIENT_INACTIVE: an earlier e-mail to the address bounced (SPEC §8); nothing was sent',
          ),
          429: errorBodySchema.describe(
            'LIMIT_EXCEEDED: too many receipts from this user or merchant this hour, or to this address today ' +
              '(Retry-After says when)',
          ),
          502: errorBodySchema.describe('RECEIPT_FAILED: the mail server could not be reached'),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await receipts.send(accessOf(request), request.params.transactionId, request.body),
      }),
  );
};
