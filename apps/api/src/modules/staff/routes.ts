import { emailSchema } from '@mp/domain/schemas/auth';
import { optionalText, requiredText } from '@mp/domain/schemas/common';
import { kycDecisionBodySchema } from '@mp/domain/schemas/onboarding';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf, type RouteAccess } from '../../access/route-access.ts';
import { actorOf } from '../../plugins/auth.ts';
import { errorBodySchema } from '../../plugins/errors.ts';
import { merchantSchema } from '../merchants/schemas.ts';
import { merchantPathSchema } from '../users/schemas.ts';
import type { StaffService } from './service.ts';

const staffOnMerchant: RouteAccess = {
  kind: 'merchant',
  permissions: [],
  scope: 'company',
  staffOnly: true,
  audited: true,
};
const denied = { 401: errorBodySchema, 404: errorBodySchema };

const overrideSchema = z
  .object({
    overrideId: z.uuid(),
    merchantId: z.uuid(),
    staff: z.object({ userId: z.string(), email: z.string() }),
    reason: z.string(),
    startedAt: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'StaffOverride' });

const merchantResponse = z.object({ data: merchantSchema });

/** The provider staff's powers over merchants (issue 5); every one of them is staff-only and audited. */
export const staffRoutes: FastifyPluginAsyncZod<{ service: StaffService }> = async (app, { service }) => {
  app.get(
    '/v1/merchants/staff-search',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        operationId: 'staffSearchMerchants',
        tags: ['staff'],
        summary: 'Staff: search every merchant by legal entity name (recorded in the audit log)',
        querystring: z.object({ name: requiredText(100) }),
        response: { 200: z.object({ data: z.array(merchantSchema) }), 400: errorBodySchema, ...denied },
      },
    },
    async (request) => ({
      data: await service.search(actorOf(request), request.query.name, {
        ip: request.ip,
        requestId: String(request.id),
        userAgent: request.headers['user-agent'] ?? null,
      }),
    }),
  );

  app.get(
    '/v1/merchants/:id/override',
    {
      config: { access: { ...staffOnMerchant, audited: false } },
      schema: {
        operationId: 'getStaffOverride',
        tags: ['staff'],
        summary: "Staff: the caller's live override into the merchant (null when none), for the banner",
        params: merchantPathSchema,
        response: { 200: z.object({ data: overrideSchema.nullable() }), ...denied },
      },
    },
    async (request) => ({ data: await service.currentOverride(accessOf(request)) }),
  );

  app.post(
    '/v1/merchants/:id/override',
    {
      config: { access: staffOnMerchant },
      schema: {
        operationId: 'startStaffOverride',
        tags: ['staff'],
        summary: 'Staff: act inside the merchant for 60 minutes, stating why; every action is then audited',
        params: merchantPathSchema,
        body: z.object({ reason: requiredText(500, 'validation.required', { multiline: true }) }),
        response: { 201: z.object({ data: overrideSchema }), 400: errorBodySchema, ...denied },
      },
    },
    async (request, reply) => {
      const override = await service.startOverride(accessOf(request), request.body.reason);
      return reply.code(201).send({ data: override });
    },
  );

  app.delete(
    '/v1/merchants/:id/override',
    {
      config: { access: staffOnMerchant },
      schema: {
        operationId: 'endStaffOverride',
        tags: ['staff'],
        summary: "Staff: end the caller's override into the merchant",
        params: merchantPathSchema,
        response: { 204: z.null().describe('Ended (or none was live)'), ...denied },
      },
    },
    async (request, reply) => {
      await service.endOverride(accessOf(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v1/merchants/:id/transfer',
    {
      config: { access: staffOnMerchant },
      schema: {
        operationId: 'transferMerchant',
        tags: ['staff'],
        summary:
          'Staff: make the user with this e-mail the company owner; previous owners are removed (a staff ' +
          'account: 409)',
        params: merchantPathSchema,
        body: z.object({ email: emailSchema }),
        response: { 200: merchantResponse, 400: errorBodySchema, ...denied, 409: errorBodySchema },
      },
    },
    async (request) => ({ data: await service.transfer(accessOf(request), request.body.email) }),
  );

  app.post(
    '/v1/merchants/:id/churn',
    {
      config: { access: staffOnMerchant },
      schema: {
        operationId: 'churnMerchant',
        tags: ['staff'],
        summary: 'Staff: churn the merchant after 30 days rolling plus an optional delay in days',
        params: merchantPathSchema,
        body: z
          .object({
            delayDays: z.number().int().min(0).max(365).default(0),
            reason: optionalText(500, { multiline: true }).optional(),
          })
          .default({ delayDays: 0 }),
        response: {
          200: z.object({
            data: z.object({ merchant: merchantSchema, churnEffectiveAt: z.string().nullable() }),
          }),
          400: errorBodySchema,
          ...denied,
          409: errorBodySchema,
        },
      },
    },
    async (request) => ({ data: await service.churn(accessOf(request), request.body) }),
  );

  app.post(
    '/v1/merchants/:id/block',
    {
      config: { access: staffOnMerchant },
      schema: {
        operationId: 'blockMerchant',
        tags: ['staff'],
        summary: 'Staff: block the merchant (status shows as blocked until unblocked)',
        params: merchantPathSchema,
        body: z.object({ reason: requiredText(500, 'validation.required', { multiline: true }) }),
        response: { 200: merchantResponse, 400: errorBodySchema, ...denied },
      },
    },
    async (request) => ({ data: await service.setBlocked(accessOf(request), true, request.body.reason) }),
  );

  app.post(
    '/v1/merchants/:id/kyc-decision',
    {
      config: { access: staffOnMerchant },
      schema: {
        operationId: 'recordKycDecision',
        tags: ['staff'],
        summary:
          "Staff: record the outcome of the merchant's verification checks, with a reason; open verification " +
          'links are closed. 409 KYC_ALREADY_VERIFIED for a verified merchant, KYC_ALREADY_REJECTED to reject twice',
        params: merchantPathSchema,
        body: kycDecisionBodySchema,
        response: { 200: merchantResponse, 400: errorBodySchema, ...denied, 409: errorBodySchema },
      },
    },
    async (request) => ({ data: await service.recordKycDecision(accessOf(request), request.body) }),
  );

  app.post(
    '/v1/merchants/:id/unblock',
    {
      config: { access: staffOnMerchant },
      schema: {
        operationId: 'unblockMerchant',
        tags: ['staff'],
        summary: 'Staff: lift a block',
        params: merchantPathSchema,
        response: { 200: merchantResponse, ...denied },
      },
    },
    async (request) => ({ data: await service.setBlocked(accessOf(request), false, null) }),
  );
};
