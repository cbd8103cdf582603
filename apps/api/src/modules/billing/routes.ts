import { billingEmailSchema } from '@mp/domain/schemas/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../../access/route-access.ts';
import { errorBodySchema } from '../../plugins/errors.ts';
import { merchantIdParamsSchema } from '../merchants/schemas.ts';
import {
  billingSessionResultSchema,
  billingSessionSchema,
  billingSettingsSchema,
  paymentMethodParamsSchema,
  sessionParamsSchema,
} from './schemas.ts';
import type { BillingService } from './service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const settingsReply = { 200: z.object({ data: billingSettingsSchema }), ...errors };

export const billingRoutes: FastifyPluginAsyncZod<{ service: BillingService }> = async (app, { service }) => {
  app.get(
    '/v1/merchants/:id/billing-settings',
    {
      config: { access: { kind: 'merchant', permissions: ['Billing:ListPaymentMethods'], scope: 'company' } },
      schema: {
        operationId: 'getBillingSettings',
        tags: ['billing'],
        summary: 'Billing settings: payment methods, default, rates signed (SPEC §3)',
        params: merchantIdParamsSchema,
        response: settingsReply,
      },
    },
    async (request) => ({ data: await service.settings(accessOf(request)) }),
  );

  app.put(
    '/v1/merchants/:id/billing-settings/payment-methods/:pmId/default',
    {
      config: {
        access: { kind: 'merchant', permissions: ['Billing:SetDefaultPaymentMethod'], scope: 'company' },
      },
      schema: {
        operationId: 'setDefaultPaymentMethod',
        tags: ['billing'],
        summary: 'Make a payment method the default',
        params: paymentMethodParamsSchema,
        response: settingsReply,
      },
    },
    async (request) => ({ data: await service.setDefault(accessOf(request), request.params.pmId) }),
  );

  app.delete(
    '/v1/merchants/:id/billing-settings/payment-methods/:pmId',
    {
      config: {
        access: { kind: 'merchant', permissions: ['Billing:DeleteDefaultPaymentMethod'], scope: 'company' },
      },
      schema: {
        operationId: 'deletePaymentMethod',
        tags: ['billing'],
        summary: 'Delete a payment method',
        params: paymentMethodParamsSchema,
        response: settingsReply,
      },
    },
    async (request) => ({ data: await service.remove(accessOf(request), request.params.pmId) }),
  );

  app.put(
    '/v1/merchants/:id/billing-settings/billing-email',
    {
      // Where invoices go is managed with the payment methods that pay them.
      config: { access: { kind: 'merchant', permissions: ['Billing:AddPaymentMethod'], scope: 'company' } },
      schema: {
        operationId: 'updateBillingEmail',
        tags: ['billing'],
        summary: 'Change the billing e-mail invoices are sent to',
        params: merchantIdParamsSchema,
        body: billingEmailSchema,
        response: settingsReply,
      },
    },
    async (request) => ({
      data: await service.setBillingEmail(accessOf(request), request.body.billingEmail),
    }),
  );

  app.post(
    '/v1/merchants/:id/billing/session',
    {
      config: { access: { kind: 'merchant', permissions: ['Billing:AddPaymentMethod'], scope: 'company' } },
      schema: {
        operationId: 'createBillingSession',
        tags: ['billing'],
        summary: 'A checkout session to add a payment method: paymentToken and stripePublicKey (SPEC §7)',
        params: merchantIdParamsSchema,
        response: { 201: z.object({ data: billingSessionSchema }), ...errors },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await service.createSession(accessOf(request)) }),
  );

  app.get(
    '/v1/merchants/:id/billing/session/:sessionId',
    {
      config: { access: { kind: 'merchant', permissions: ['Billing:AddPaymentMethod'], scope: 'company' } },
      schema: {
        operationId: 'getBillingSessionResult',
        tags: ['billing'],
        summary: 'The result of a checkout session (the success page)',
        params: sessionParamsSchema,
        response: { 200: z.object({ data: billingSessionResultSchema }), ...errors },
      },
    },
    async (request) => ({ data: await service.sessionResult(accessOf(request), request.params.sessionId) }),
  );
};
