import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ESignSignatureError } from '../../adapters/esign/esign-port.ts';
import { errorBodySchema, sendError } from '../../plugins/errors.ts';
import type { RatesSigning } from './rates-signing.ts';

const paramsSchema = z.object({ merchantId: z.uuid(), envelopeId: z.uuid() });
const RETURN_TO = '/billing/payment-methods';

/**
 * DocuSign (decision 0090): Connect's events (raw body kept for the HMAC check; 401 and nothing read or
 * written when no signature matches), the signing link the portal opens (a fresh recipient view, then a
 * redirect to it), and the return from DocuSign's page. The envelope id in the links is their credential, as
 * with the simulated provider. Without DocuSign configured every route answers 404.
 */
export const docusignRoutes: FastifyPluginAsyncZod<{ signing: RatesSigning; enabled: boolean }> = async (
  app,
  { signing, enabled },
) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  const notConfigured = { code: 'NOT_FOUND', message: 'DocuSign is not configured' };
  const unavailable = {
    code: 'SERVICE_UNAVAILABLE',
    message: 'The e-signature service could not be reached. Please try again in a moment.',
  };

  app.post(
    '/esign/docusign/events',
    {
      config: { access: { kind: 'public' } },
      schema: {
        operationId: 'docusignConnectEvent',
        tags: ['billing'],
        summary: 'DocuSign Connect events about rates envelopes (HMAC signature checked)',
        response: {
          200: z.object({ received: z.boolean() }),
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      if (!enabled) return sendError(reply, 404, notConfigured);
      if (!Buffer.isBuffer(request.body))
        return sendError(reply, 400, { code: 'BAD_REQUEST', message: 'The event must be a JSON body' });
      try {
        await signing.handleEvent(request.body, request.headers);
      } catch (error) {
        if (error instanceof ESignSignatureError)
          return sendError(reply, 401, { code: 'UNAUTHORIZED', message: 'Invalid DocuSign signature' });
        request.log.warn({ err: String(error) }, 'DocuSign event not handled; Connect retries it');
        return sendError(reply, 503, unavailable);
      }
      return { received: true };
    },
  );

  app.get(
    '/esign/docusign/sign/:merchantId/:envelopeId',
    {
      config: { access: { kind: 'public' } },
      schema: {
        operationId: 'docusignSigningSession',
        tags: ['billing'],
        summary: 'Opens DocuSign’s signing page for a merchant’s rates (a fresh recipient view)',
        params: paramsSchema,
        response: { 404: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      if (!enabled) return sendError(reply, 404, notConfigured);
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const { merchantId, envelopeId } = request.params;
      let url: string | null;
      try {
        url = await signing.signingSession(merchantId, envelopeId);
      } catch (error) {
        request.log.warn({ merchantId, err: String(error) }, 'DocuSign signing session not opened');
        return sendError(reply, 503, unavailable);
      }
      // Nothing to sign (signed, or replaced by newer rates): back to billing, which shows where things stand.
      return reply.redirect(url ?? RETURN_TO, 303);
    },
  );

  app.get(
    '/esign/docusign/return/:merchantId/:envelopeId',
    {
      config: { access: { kind: 'public' } },
      schema: {
        operationId: 'docusignSigningReturn',
        tags: ['billing'],
        summary: 'Back from DocuSign’s signing page: the envelope read back from DocuSign, then the portal',
        params: paramsSchema,
        querystring: z.object({ event: z.string().max(50).optional() }),
        response: { 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      if (!enabled) return sendError(reply, 404, notConfigured);
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const { merchantId, envelopeId } = request.params;
      let signed = false;
      try {
        signed = await signing.returned(merchantId, envelopeId);
      } catch (error) {
        // Connect's event settles it later; the portal shows the state it has.
        request.log.warn({ merchantId, err: String(error) }, 'DocuSign envelope not read back on return');
      }
      return reply.redirect(signed ? `${RETURN_TO}?ratesSigned=1` : RETURN_TO, 303);
    },
  );
};
