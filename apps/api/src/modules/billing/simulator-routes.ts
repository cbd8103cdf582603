import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ProviderPaymentMethod } from '../../adapters/billing/billing-port.ts';
import type { Clock } from '../../clock.ts';
import type { BillingService } from './service.ts';

// The simulated billing provider's hosted page (DESIGN §1): clearly a test provider, it offers only test
// instruments to pick from, so no real card or account number can be typed, stored or logged.

type Instrument = { label: string } & (
  | { method: Omit<ProviderPaymentMethod, 'providerPaymentMethodId'> }
  | { declined: string }
);

function instruments(year: number): Record<string, Instrument> {
  return {
    'visa-4242': {
      label: 'Test Visa card ending 4242',
      method: { type: 'card', brand: 'visa', lastFour: '4242', expMonth: 12, expYear: year + 3 },
    },
    'mastercard-4444': {
      label: 'Test Mastercard ending 4444',
      method: { type: 'card', brand: 'mastercard', lastFour: '4444', expMonth: 6, expYear: year + 2 },
    },
    'sepa-de-3000': {
      label: 'Test SEPA account DE…3000',
      method: { type: 'sepa_debit', brand: 'DE', lastFour: '3000', expMonth: null, expYear: null },
    },
    'bacs-108800-2345': {
      label: 'Test BACS account 10-88-00 …2345',
      method: { type: 'bacs_debit', brand: '10-88-00', lastFour: '2345', expMonth: null, expYear: null },
    },
    'card-declined': {
      label: 'Test card that is declined',
      declined: 'The card was declined by the test provider',
    },
  };
}

const paramsSchema = z.object({ merchantId: z.uuid(), token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f7;color:#1c1c28}
.banner{background:#7c3aed;color:#fff;padding:12px 16px;font-weight:600}
main{max-width:560px;margin:24px auto;padding:0 16px}.card{background:#fff;border-radius:8px;padding:20px;box-shadow:0 1px 3px #0002}
label{display:block;padding:10px;margin:6px 0;border:1px solid #ccc;border-radius:6px;cursor:pointer}
button{display:block;width:100%;margin-top:12px;padding:12px;font-size:16px;border-radius:6px;border:0;background:#15803d;color:#fff;cursor:pointer}
input[type=text]{width:100%;box-sizing:border-box;padding:10px;font-size:16px;border:1px solid #ccc;border-radius:6px;background:inherit;color:inherit}
table{width:100%;border-collapse:collapse}td{padding:6px 0;border-bottom:1px solid #8884}td+td{text-align:right}.error{color:#b91c1c;font-weight:600}
@media (prefers-color-scheme:dark){body{background:#17171c;color:#eee}.card{background:#24242c}label,input[type=text]{border-color:#555}.error{color:#fca5a5}}`;

/** A hosted page of a simulated provider: the test-provider banner on top, the body in a card. */
export function simulatorPage(
  title: string,
  body: string,
  banner = 'Test provider: simulated billing. No real payment details are taken.',
  lang = 'en',
): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><style>${STYLE}</style></head><body><div class="banner" role="note">${banner}</div><main><div class="card">${body}</div></main></body></html>`;
}
const page = (title: string, body: string) => simulatorPage(title, body);

/** Hosted pages post HTML forms: their bodies parse to a flat object of strings (this plugin only). */
export function acceptFormBodies(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
}

export const billingSimulatorRoutes: FastifyPluginAsyncZod<{
  service: BillingService;
  clock: Clock;
}> = async (app, { service, clock }) => {
  acceptFormBodies(app);

  app.get(
    '/billing-simulator/:merchantId/:token',
    {
      config: { access: { kind: 'public' } },
      schema: {
        operationId: 'billingSimulatorPage',
        tags: ['billing'],
        summary: 'The simulated billing provider’s hosted page (test provider)',
        params: paramsSchema,
      },
    },
    async (request, reply) => {
      const { merchantId, token } = request.params;
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer');
      if (!(await service.openSession(merchantId, token))) {
        return reply
          .code(410)
          .send(page('Session expired', '<h1>This checkout session has expired or was already used</h1>'));
      }
      const options = Object.entries(instruments(clock.now().getUTCFullYear()))
        .map(
          ([id, item], index) =>
            `<label><input type="radio" name="instrument" value="${id}"${index === 0 ? ' checked' : ''}> ${item.label}</label>`,
        )
        .join('');
      return reply.send(
        page(
          'Add a payment method',
          `<h1>Add a payment method</h1><form method="post" action="/api/billing-simulator/${merchantId}/${token}"><fieldset style="border:0;padding:0"><legend>Choose a test payment method</legend>${options}</fieldset><button type="submit">Save payment method</button></form>`,
        ),
      );
    },
  );

  app.post(
    '/billing-simulator/:merchantId/:token',
    {
      config: { access: { kind: 'public' } },
      schema: {
        operationId: 'billingSimulatorComplete',
        tags: ['billing'],
        summary: 'The simulated provider saves the chosen test instrument and returns to the portal',
        params: paramsSchema,
        body: z.object({ instrument: z.string().max(40) }),
      },
    },
    async (request, reply) => {
      const { merchantId, token } = request.params;
      const offered = instruments(clock.now().getUTCFullYear());
      // Only the page's own instruments: `constructor`, `__proto__` or `toString` are inherited, not offered.
      const instrument = Object.hasOwn(offered, request.body.instrument)
        ? offered[request.body.instrument]
        : undefined;
      if (!instrument) return reply.redirect('/payment-method-success?status=failed', 303);
      const outcome =
        'declined' in instrument
          ? { declined: instrument.declined }
          : {
              method: {
                ...instrument.method,
                providerPaymentMethodId: `pm_sim_${crypto.randomUUID().replaceAll('-', '')}`,
              },
            };
      const done = await service.completeSession(merchantId, token, outcome);
      if (!done) return reply.redirect('/payment-method-success?status=expired', 303);
      return reply.redirect(`/payment-method-success?merchant=${merchantId}&session=${done.sessionId}`, 303);
    },
  );
};
