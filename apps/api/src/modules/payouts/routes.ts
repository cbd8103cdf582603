import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessOf } from '../../access/route-access.ts';
import { errorBodySchema } from '../../plugins/errors.ts';
import { merchantPathSchema } from '../users/schemas.ts';
import {
  ledgerPageQuerySchema,
  ledgerPageSchema,
  payoutDetailSchema,
  payoutListQuerySchema,
  payoutPageSchema,
  payoutPathSchema,
} from './schemas.ts';
import type { PayoutsService } from './service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** SPEC §7 Payouts and reports: the payouts list and one payout with its ledger. */
export const payoutsRoutes: FastifyPluginAsyncZod<{ service: PayoutsService }> = async (app, { service }) => {
  app.get(
    '/merchants/:id/payouts',
    {
      // The named site with a siteId; without one any site, and the service narrows to the caller's sites.
      config: { access: { kind: 'merchant', permissions: ['Payout:ListPayouts'], scope: 'site' } },
      schema: {
        operationId: 'listPayouts',
        tags: ['payouts'],
        summary: 'Payouts, newest trading day first, of one site or every site the caller may list',
        params: merchantPathSchema,
        querystring: payoutListQuerySchema,
        response: { 200: payoutPageSchema, ...errors },
      },
    },
    async (request) => service.list(accessOf(request), request.query),
  );

  app.get(
    '/v1/merchants/:id/payouts/:payoutId',
    {
      config: { access: { kind: 'merchant', permissions: ['Payout:GetPayout'], scope: 'any-site' } },
      schema: {
        operationId: 'getPayout',
        tags: ['payouts'],
        summary: 'One payout with its daily summary and every ledger entry',
        params: payoutPathSchema,
        response: { 200: payoutDetailSchema, ...errors },
      },
    },
    async (request) => ({ data: await service.get(accessOf(request), request.params.payoutId) }),
  );

  app.get(
    '/v1/merchants/:id/payouts/:payoutId/entries',
    {
      config: { access: { kind: 'merchant', permissions: ['Payout:GetPayout'], scope: 'any-site' } },
      schema: {
        operationId: 'listPayoutEntries',
        tags: ['payouts'],
        summary: "The next page of a payout's ledger entries (the payout's detail holds the first page)",
        params: payoutPathSchema,
        querystring: ledgerPageQuerySchema,
        response: { 200: ledgerPageSchema, ...errors },
      },
    },
    async (request) => service.entries(accessOf(request), request.params.payoutId, request.query.lastKey),
  );
};
