import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeBillingProvider } from '../src/adapters/billing/stripe-billing.ts';
import { merchants } from '../src/db/schema/index.ts';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

const WEBHOOK_SECRET = 'whsec_test_invoices_0123456789';

/**
 * A local HTTP server that speaks the Stripe endpoints the adapter uses (customers, SetupIntents, payment
 * methods, PaymentIntents), recording every request with its form-encoded parameters.
 */
function stripeServer() {
  const requests: {
    method: string;
    path: string;
    params: URLSearchParams;
    idempotencyKey: string | undefined;
  }[] = [];
  const intents = new Map<string, Record<string, unknown>>();
  const methods: Record<string, Record<string, unknown>> = {
    pm_card_visa: {
      id: 'pm_card_visa',
      object: 'payment_method',
      type: 'card',
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031 },
    },
    pm_sepa_de: {
      id: 'pm_sepa_de',
      object: 'payment_method',
      type: 'sepa_debit',
      sepa_debit: { country: 'DE', last4: '3000' },
    },
    pm_bacs_gb: {
      id: 'pm_bacs_gb',
      object: 'payment_method',
      type: 'bacs_debit',
      bacs_debit: { sort_code: '108800', last4: '2345' },
    },
  };
  const body = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      request.on('data', (chunk) => {
        text += chunk;
      });
      request.on('end', () => resolve(text));
    });
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const params = new URLSearchParams(request.method === 'GET' ? url.search : await body(request));
    const key = request.headers['idempotency-key'];
    requests.push({
      method: request.method ?? '',
      path: url.pathname,
      params,
      idempotencyKey: typeof key === 'string' ? key : undefined,
    });
    const send = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomUUID()}` });
      response.end(JSON.stringify(json));
    };
    if (request.headers.authorization !== 'Bearer sk_test_invoices')
      return send(401, { error: { type: 'invalid_request_error', message: 'bad key' } });
    const metadata = (prefix = 'metadata') =>
      Object.fromEntries(
        [...params]
          .filter(([k]) => k.startsWith(`${prefix}[`))
          .map(([k, v]) => [k.slice(prefix.length + 1, -1), v]),
      );
    if (request.method === 'POST' && url.pathname === '/v1/customers')
      return send(200, { id: 'cus_test_1', object: 'customer', metadata: metadata() });
    if (request.method === 'POST' && url.pathname === '/v1/setup_intents') {
      const id = `seti_${intents.size + 1}`;
      const intent = {
        id,
        object: 'setup_intent',
        client_secret: `${id}_secret_abc`,
        status: 'requires_payment_method',
        payment_method: null,
        metadata: metadata(),
        last_setup_error: null,
      };
      intents.set(id, intent);
      return send(200, intent);
    }
    const seti = url.pathname.match(/^\/v1\/setup_intents\/(seti_\d+)$/);
    if (request.method === 'GET' && seti) {
      const intent = intents.get(seti[1] ?? '');
      if (!intent)
        return send(404, { error: { type: 'invalid_request_error', message: 'No such setupintent' } });
      const expand =
        params.getAll('expand[]').includes('payment_method') ||
        params.getAll('expand[0]').includes('payment_method');
      return send(200, {
        ...intent,
        payment_method:
          expand && intent.payment_method ? methods[intent.payment_method as string] : intent.payment_method,
      });
    }
    const pm = url.pathname.match(/^\/v1\/payment_methods\/(\w+)$/);
    if (request.method === 'GET' && pm) return send(200, methods[pm[1] ?? '']);
    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      if (params.get('payment_method') === 'pm_declines')
        return send(402, {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'insufficient_funds',
            message: 'Your card has insufficient funds.',
          },
        });
      return send(200, {
        id: `pi_${requests.length}`,
        object: 'payment_intent',
        status: 'succeeded',
        amount: Number(params.get('amount')),
      });
    }
    return send(404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${url.pathname})`,
      },
    });
  });
  return {
    requests,
    succeed(setupIntentId: string, paymentMethod: string) {
      const intent = intents.get(setupIntentId);
      if (intent) Object.assign(intent, { status: 'succeeded', payment_method: paymentMethod });
      return intent;
    },
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('billing through Stripe (official SDK against a local Stripe-speaking server)', () => {
  const stripe = stripeServer();
  let apiUrl: string;
  let t: TestApp;
  let w: AccessWorld;
  const base = () => `/api/v1/merchants/${w.merchantA}`;
  const signer = new Stripe('sk_test_invoices');
  const webhook = (event: object, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
      },
      payload,
    });
  };
  const setupEvent = (type: string, intent: Record<string, unknown> | undefined) => ({
    id: `evt_${randomUUID()}`,
    object: 'event',
    type,
    data: { object: intent },
  });

  beforeAll(async () => {
    apiUrl = await stripe.listen();
    t = await createTestApp({
      env: {
        PUBLIC_URL: 'http://localhost:3000',
        STRIPE_SECRET_KEY: 'sk_test_invoices',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_invoices',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: apiUrl,
      },
    });
    w = await createAccessWorld(t.app, 'StripeBilling');
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('a session creates the customer once and a SetupIntent for card, SEPA and BACS; the webhook saves the card', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `${base()}/billing/session`,
      headers: w.headers('ownerA'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const session = created.json().data;
    expect(session).toMatchObject({ stripePublicKey: 'pk_test_invoices', paymentToken: 'seti_1_secret_abc' });
    const customer = stripe.requests.find((r) => r.path === '/v1/customers');
    expect(customer?.params.get('metadata[merchantId]')).toBe(w.merchantA);
    expect(customer?.idempotencyKey).toBe(`customer-${w.merchantA}`);
    const setup = stripe.requests.find((r) => r.path === '/v1/setup_intents');
    expect(setup?.params.get('customer')).toBe('cus_test_1');
    expect(
      setup?.params
        .getAll('allowed_payment_method_types[0]')
        .concat(
          setup?.params.getAll('allowed_payment_method_types[1]') ?? [],
          setup?.params.getAll('allowed_payment_method_types[2]') ?? [],
        ),
    ).toEqual(['card', 'sepa_debit', 'bacs_debit']);
    expect(setup?.params.get('usage')).toBe('off_session');
    expect(setup?.params.get('metadata[sessionId]')).toBe(session.sessionId);
    const [merchant] = await t.app.db.select().from(merchants).where(eq(merchants.id, w.merchantA));
    expect(merchant?.stripeCustomerId).toBe('cus_test_1');

    // A forged signature is refused and changes nothing.
    const intent = stripe.succeed('seti_1', 'pm_card_visa');
    const forged = await webhook(setupEvent('setup_intent.succeeded', intent), 'whsec_wrong');
    expect(forged.statusCode).toBe(400);
    expect(
      (
        await t.app.inject({ method: 'GET', url: `${base()}/billing-settings`, headers: w.headers('ownerA') })
      ).json().data.paymentMethods,
    ).toEqual([]);

    const signed = await webhook(setupEvent('setup_intent.succeeded', intent));
    expect(signed.statusCode, signed.body).toBe(200);
    // Replayed: the session is complete, nothing is added twice.
    expect((await webhook(setupEvent('setup_intent.succeeded', intent))).statusCode).toBe(200);
    const result = await t.app.inject({
      method: 'GET',
      url: `${base()}/billing/session/${session.sessionId}`,
      headers: w.headers('ownerA'),
    });
    expect(result.json().data).toMatchObject({
      status: 'succeeded',
      paymentMethod: {
        type: 'card',
        brand: 'visa',
        lastFour: '4242',
        expMonth: 12,
        expYear: 2031,
        isDefault: true,
      },
    });
    const settings = (
      await t.app.inject({ method: 'GET', url: `${base()}/billing-settings`, headers: w.headers('ownerA') })
    ).json().data;
    expect(settings.paymentMethods).toHaveLength(1);
    expect(settings.stripeCustomerId).toBe('cus_test_1');
  });

  it('the success page asks Stripe when the webhook has not come: BACS and SEPA saved with display facts only', async () => {
    for (const [pm, expected] of [
      ['pm_bacs_gb', { type: 'bacs_debit', brand: '10-88-00', lastFour: '2345' }],
      ['pm_sepa_de', { type: 'sepa_debit', brand: 'DE', lastFour: '3000' }],
    ] as const) {
      const session = (
        await t.app.inject({ method: 'POST', url: `${base()}/billing/session`, headers: w.headers('ownerA') })
      ).json().data;
      // The customer exists: only a SetupIntent is created.
      expect(stripe.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(1);
      const seti = String(session.paymentToken).split('_secret_')[0] ?? '';
      const waiting = await t.app.inject({
        method: 'GET',
        url: `${base()}/billing/session/${session.sessionId}`,
        headers: w.headers('ownerA'),
      });
      expect(waiting.json().data.status).toBe('open');
      stripe.succeed(seti, pm);
      const done = await t.app.inject({
        method: 'GET',
        url: `${base()}/billing/session/${session.sessionId}`,
        headers: w.headers('ownerA'),
      });
      expect(done.json().data).toMatchObject({
        status: 'succeeded',
        paymentMethod: { ...expected, isDefault: false },
      });
    }
  });

  it('collects off-session with an idempotency key per invoice and attempt; a decline is a failure with Stripe’s reason', async () => {
    const provider = createStripeBillingProvider({
      secretKey: 'sk_test_invoices',
      publishableKey: 'pk_test_invoices',
      webhookSecret: WEBHOOK_SECRET,
      apiUrl,
    });
    const request = {
      invoiceId: randomUUID(),
      invoiceNumber: 'INV-202610-TEST',
      amount: 5018,
      currency: 'GBP',
      providerPaymentMethodId: 'pm_card_visa',
      paymentMethodType: 'card' as const,
      customerId: 'cus_test_1',
      attempt: 0,
    };
    const paid = await provider.collect(request);
    expect(paid).toMatchObject({ status: 'succeeded', providerPaymentId: expect.stringMatching(/^pi_/) });
    const sent = stripe.requests.filter((r) => r.path === '/v1/payment_intents').at(-1);
    expect(Object.fromEntries(sent?.params ?? [])).toMatchObject({
      amount: '5018',
      currency: 'gbp',
      customer: 'cus_test_1',
      payment_method: 'pm_card_visa',
      off_session: 'true',
      confirm: 'true',
    });
    expect(sent?.idempotencyKey).toBe(`invoice-${request.invoiceId}-0`);
    const declined = await provider.collect({
      ...request,
      providerPaymentMethodId: 'pm_declines',
      attempt: 1,
    });
    expect(declined).toEqual({ status: 'failed', reason: 'Your card has insufficient funds.' });
  });
});
