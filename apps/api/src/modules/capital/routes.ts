import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../../access/route-access.ts';
import { errorBodySchema } from '../../plugins/errors.ts';
import { merchantPathSchema } from '../users/schemas.ts';
import {
  capitalDecisionBodySchema,
  capitalOfferSchema,
  capitalRequestBodySchema,
  capitalRequestSchema,
} from './schemas.ts';
import type { CapitalService } from './service.ts';

const denied = { 401: errorBodySchema, 404: errorBodySchema };

/**
 * Capital (issue 14 §1, decision 0080): the offer the companion app shows and the request a company owner
 * makes from it. Company-wide money matters: reading needs Company:GetRates, requesting Company:UpdateDetails
 * (both only CompanyOwner grants); staff pass and read every merchant's requests.
 */
export const capitalRoutes: FastifyPluginAsyncZod<{ service: CapitalService }> = async (app, { service }) => {
  app.get(
    '/v1/merchants/:id/capital/offer',
    {
      config: { access: { kind: 'merchant', permissions: ['Company:GetRates'], scope: 'company' } },
      schema: {
        operationId: 'getCapitalOffer',
        tags: ['capital'],
        summary:
          "Today's capital offer from the last 90 days of card volume: eligibility, amount, fee, repayment share",
        params: merchantPathSchema,
        response: { 200: z.object({ data: capitalOfferSchema }), ...denied },
      },
    },
    async (request) => ({ data: await service.offer(accessOf(request)) }),
  );

  app.post(
    '/v1/merchants/:id/capital/requests',
    {
      config: {
        access: { kind: 'merchant', permissions: ['Company:UpdateDetails'], scope: 'company', audited: true },
      },
      schema: {
        operationId: 'createCapitalRequest',
        tags: ['capital'],
        summary:
          "Request today's capital offer (409 when none, when it changed or when one is open); audited",
        params: merchantPathSchema,
        body: capitalRequestBodySchema,
        response: {
          201: z.object({ data: capitalRequestSchema }),
          400: errorBodySchema,
          409: errorBodySchema,
          ...denied,
        },
      },
    },
    async (request, reply) => {
      const created = await service.request(accessOf(request), request.body);
      return reply.code(201).send({ data: created });
    },
  );

  app.get(
    '/v1/merchants/:id/capital/requests',
    {
      config: { access: { kind: 'merchant', permissions: ['Company:GetRates'], scope: 'company' } },
      schema: {
        operationId: 'listCapitalRequests',
        tags: ['capital'],
        summary: "The merchant's capital requests, newest first (owners and staff)",
        params: merchantPathSchema,
        response: { 200: z.object({ data: z.array(capitalRequestSchema) }), ...denied },
      },
    },
    async (request) => ({ data: await service.list(accessOf(request)) }),
  );

  app.post(
    '/v1/merchants/:id/capital/requests/:requestId/decision',
    {
      config: {
        access: { kind: 'merchant', permissions: [], scope: 'company', staffOnly: true, audited: true },
      },
      schema: {
        operationId: 'decideCapitalRequest',
        tags: ['capital'],
        summary:
          'Staff (second factor) approve or decline an open capital request, a decline with the reason the ' +
          'owners are told (409 when already decided); audited; each owner is e-mailed in their language',
        params: merchantPathSchema.extend({ requestId: z.uuid({ message: 'must be a UUID' }) }),
        body: capitalDecisionBodySchema,
        response: {
          200: z.object({ data: capitalRequestSchema }),
          400: errorBodySchema,
          403: errorBodySchema,
          409: errorBodySchema,
          ...denied,
        },
      },
    },
    async (request) => ({
      data: await service.decide(accessOf(request), request.params.requestId, request.body),
    }),
  );
};
