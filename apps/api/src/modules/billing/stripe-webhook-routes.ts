import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, sendError } from '../../plugins/errors.ts';
import type { BillingService } from './service.ts';

/**
 * Stripe's webhook (issue 13): the raw body is kept for the signature check (`Stripe-Signature`, the webhook
 * secret); a SetupIntent that succeeded or failed completes its checkout session, and a PaymentIntent that
 * succeeded or failed settles the invoice's processing Direct Debit; `invoice.paid`, `.payment_failed` and
 * `.voided` move a `stripe_invoice` and its summary (decision 0091). Without Stripe configured the route answers 404.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{
  service: BillingService;
  enabled: boolean;
}> = async (app, { service, enabled }) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/webhooks/stripe',
    {
      config: { access: { kind: 'public' } },
      schema: {
        operationId: 'stripeWebhook',
        tags: ['billing'],
        summary:
          'Stripe events about checkout sessions, invoice payments and Stripe invoices (signature checked)',
        response: { 200: z.object({ received: z.boolean() }), 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      if (!enabled) return sendError(reply, 404, { code: 'NOT_FOUND', message: 'Stripe is not configured' });
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        return sendError(reply, 400, {
          code: 'BAD_REQUEST',
          message: 'Missing Stripe-Signature header or body',
        });
      }
      try {
        await service.handleProviderWebhook(request.body, signature);
      } catch (error) {
        if ((error as { type?: string }).type === 'StripeSignatureVerificationError') {
          return sendError(reply, 400, { code: 'BAD_REQUEST', message: 'Invalid Stripe signature' });
        }
        throw error;
      }
      return { received: true };
    },
  );
};
