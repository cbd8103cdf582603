import { SETTLEMENT_TYPES } from '@mp/domain/enums';
import {
  DEAL_STATUSES,
  dealBodySchema,
  dealReferenceSchema,
  dealUpdateBodySchema,
} from '@mp/domain/schemas/deals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RateLimiter } from '../../identity/rate-limiter.ts';
import { actorOf } from '../../plugins/auth.ts';
import { errorBodySchema } from '../../plugins/errors.ts';
import type { DealsService } from './service.ts';

/**
 * Deal look-ups per user and minute. A deal's reference is all it takes to read its pricing (onboarding opens
 * `/onboarding?deal=` before a merchant exists), so guessing references is what the limit makes slow: onboarding
 * asks a handful of times; 30 a minute leaves 36^5 references out of reach.
 */
export const DEAL_LOOKUPS_PER_MINUTE = 30;

const denied = { 401: errorBodySchema, 404: errorBodySchema };

export const dealPricingSchema = z
  .object({
    reference: z.string(),
    currency: z.string(),
    domesticPercent: z.number(),
    eeaPercent: z.number(),
    globalPercent: z.number(),
    amexPercent: z.number(),
    otherPercent: z.number(),
    tapToPayPercent: z.number(),
    fixedFee: z.number().describe('Per-transaction fixed fee, minor units'),
    deviceRentalMonthly: z.number().describe('Device rental monthly rate, minor units'),
    settlementType: z.enum(SETTLEMENT_TYPES),
    contractMonths: z.number().nullable(),
    monthlyFees: z.array(z.object({ description: z.string(), amount: z.number() })),
    discounts: z.array(
      z.object({ description: z.string(), percent: z.number(), durationMonths: z.number().nullable() }),
    ),
    validUntil: z.string().describe('The last day the deal can be taken (inclusive)'),
  })
  .meta({ id: 'DealPricing' });

const staffDealSchema = dealPricingSchema
  .extend({
    name: z.string(),
    status: z.enum(DEAL_STATUSES),
    state: z.enum(['active', 'withdrawn', 'expired']),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'StaffDeal' });

const referenceParams = z.object({ reference: dealReferenceSchema });
const requestInfo = (request: { ip: string; id: unknown; headers: Record<string, unknown> }) => ({
  ip: request.ip,
  requestId: String(request.id),
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
});

/** Deals (decision 0079): staff make, withdraw and extend them; any signed-in user reads one's pricing. */
export const dealsRoutes: FastifyPluginAsyncZod<{ service: DealsService; limiter: RateLimiter }> = async (
  app,
  { service, limiter },
) => {
  app.get(
    '/v1/staff/deals',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        operationId: 'listDeals',
        tags: ['staff'],
        summary: 'Staff: every deal, newest first, with its state today (active, withdrawn, expired)',
        response: { 200: z.object({ data: z.array(staffDealSchema) }), ...denied },
      },
    },
    async () => ({ data: await service.list() }),
  );

  app.post(
    '/v1/staff/deals',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        operationId: 'createDeal',
        tags: ['staff'],
        summary: 'Staff: make a deal (a price offer a new or existing merchant can take); audited',
        body: dealBodySchema,
        response: { 201: z.object({ data: staffDealSchema }), 400: errorBodySchema, ...denied },
      },
    },
    async (request, reply) => {
      const deal = await service.create(actorOf(request), request.body, requestInfo(request));
      return reply.code(201).send({ data: deal });
    },
  );

  app.put(
    '/v1/staff/deals/:reference',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        operationId: 'updateDeal',
        tags: ['staff'],
        summary: 'Staff: withdraw a deal or move its last valid day; a withdrawn deal is 409; audited',
        params: referenceParams,
        body: dealUpdateBodySchema,
        response: {
          200: z.object({ data: staffDealSchema }),
          400: errorBodySchema,
          ...denied,
          409: errorBodySchema,
        },
      },
    },
    async (request) => ({
      data: await service.update(
        actorOf(request),
        request.params.reference,
        request.body,
        requestInfo(request),
      ),
    }),
  );

  app.get(
    '/v1/deals/:reference',
    {
      config: { access: { kind: 'signed-in' } },
      schema: {
        operationId: 'getDeal',
        tags: ['onboarding'],
        summary: "A deal's pricing (onboarding shows it); 404 when unknown, withdrawn or expired",
        params: referenceParams,
        response: {
          200: z.object({ data: dealPricingSchema }),
          400: errorBodySchema,
          429: errorBodySchema,
          ...denied,
        },
      },
    },
    async (request) => {
      // Counted before the look-up: a guess that finds nothing spends the allowance too.
      await limiter.hit(`user:deal-lookup:${actorOf(request).userId}`, {
        limit: DEAL_LOOKUPS_PER_MINUTE,
        windowMs: 60_000,
      });
      return { data: await service.pricing(request.params.reference) };
    },
  );
};
