import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BillingService } from './service.ts';
import { acceptFormBodies, simulatorPage } from './simulator-routes.ts';

// The simulated e-signature provider's hosted page (issue 13 rates signing, adapters/esign/esign-port.ts):
// clearly a test provider; the envelope id in the link is its credential, as a vendor's signing link is.

const BANNER =
  'Test provider: simulated e-signature. Signing here records your typed name, the time and your address.';
const paramsSchema = z.object({ merchantId: z.uuid(), envelopeId: z.uuid() });
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Rates = NonNullable<Awaited<ReturnType<BillingService['openEnvelope']>>>['rates'];

function ratesTable(rates: Rates): string {
  const money = (minor: number) =>
    new Intl.NumberFormat('en-GB', { style: 'currency', currency: rates.currency }).format(minor / 100);
  const rows: [string, string][] = [
    ['Domestic cards', `${Number(rates.domesticPercent)}%`],
    ['EEA cards', `${Number(rates.eeaPercent)}%`],
    ['International cards', `${Number(rates.globalPercent)}%`],
    ['American Express', `${Number(rates.amexPercent)}%`],
    ['Other cards', `${Number(rates.otherPercent)}%`],
    ['Tap to pay', `${Number(rates.tapToPayPercent)}%`],
    ['Fixed fee per payment', money(rates.fixedFee)],
    ['Card machine rental, monthly', money(rates.deviceRentalMonthly)],
    ['Settlement', rates.settlementType === 'gross' ? 'Gross (fees invoiced)' : 'Net (fees deducted)'],
  ];
  return `<table aria-label="Your rates">${rows.map(([k, v]) => `<tr><td>${k}</td><td>${v}</td></tr>`).join('')}</table>`;
}

function signingForm(merchantId: string, envelopeId: string, rates: Rates, error?: string): string {
  return `<h1>Sign your rates</h1><p>Effective from ${rates.effectiveFrom}.</p>${ratesTable(rates)}
<form method="post" action="/api/esign-simulator/${merchantId}/${envelopeId}">
${error ? `<p class="error" role="alert">${error}</p>` : ''}
<p><label for="signerName" style="border:0;padding:0">Your full name</label><input type="text" id="signerName" name="signerName" autocomplete="name" maxlength="100" required></p>
<label><input type="checkbox" name="agree" value="yes" required> I have read these rates and agree to them</label>
<button type="submit">Sign</button></form>`;
}

export const esignSimulatorRoutes: FastifyPluginAsyncZod<{ service: BillingService }> = async (
  app,
  { service },
) => {
  acceptFormBodies(app);
  const gone = (reply: FastifyReply) =>
    reply
      .code(410)
      .send(
        simulatorPage(
          'Nothing to sign',
          '<h1>There is nothing to sign here: these rates are signed or replaced</h1>',
          BANNER,
        ),
      );

  app.get(
    '/esign-simulator/:merchantId/:envelopeId',
    {
      config: { access: { kind: 'public' } },
      schema: {
        operationId: 'esignSimulatorPage',
        tags: ['billing'],
        summary: 'The simulated e-signature provider’s signing page for a merchant’s rates (test provider)',
        params: paramsSchema,
      },
    },
    async (request, reply) => {
      const { merchantId, envelopeId } = request.params;
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer');
      const open = await service.openEnvelope(merchantId, envelopeId);
      if (!open) return gone(reply);
      return reply.send(
        simulatorPage('Sign your rates', signingForm(merchantId, envelopeId, open.rates), BANNER),
      );
    },
  );

  app.post(
    '/esign-simulator/:merchantId/:envelopeId',
    {
      config: { access: { kind: 'public' } },
      schema: {
        operationId: 'esignSimulatorSign',
        tags: ['billing'],
        summary: 'The simulated provider records the signature and returns to the portal',
        params: paramsSchema,
        body: z.object({ signerName: z.string().max(200).optional(), agree: z.string().max(10).optional() }),
      },
    },
    async (request, reply) => {
      const { merchantId, envelopeId } = request.params;
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const name = (request.body.signerName ?? '').trim().replace(/\s+/g, ' ');
      if (name.length < 2 || name.length > 100 || request.body.agree !== 'yes') {
        const open = await service.openEnvelope(merchantId, envelopeId);
        if (!open) return gone(reply);
        const error =
          request.body.agree !== 'yes'
            ? 'Please confirm that you agree to these rates.'
            : 'Please type your full name (2 to 100 characters).';
        return reply
          .code(400)
          .send(
            simulatorPage(
              'Sign your rates',
              signingForm(merchantId, envelopeId, open.rates, escapeHtml(error)),
              BANNER,
            ),
          );
      }
      const signed = await service.signEnvelope(merchantId, envelopeId, { name, ip: request.ip });
      if (!signed) return gone(reply);
      return reply.redirect('/billing/payment-methods?ratesSigned=1', 303);
    },
  );
};
