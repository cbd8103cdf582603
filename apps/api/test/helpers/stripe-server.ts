import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { createStripeBillingProvider } from '../../src/adapters/billing/stripe-billing.ts';

export const WEBHOOK_SECRET = 'whsec_test_invoices_0123456789';

/** The app's environment with Stripe configured against the local server at `apiUrl`. */
export const stripeTestEnv = (apiUrl: string) => ({
  PUBLIC_URL: 'http://localhost:3000',
  STRIPE_SECRET_KEY: 'sk_test_invoices',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_invoices',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: apiUrl,
});

/** The Stripe adapter against the local server, as the app builds it from stripeTestEnv. */
export const stripeTestProvider = (apiUrl: string) =>
  createStripeBillingProvider({
    secretKey: 'sk_test_invoices',
    publishableKey: 'pk_test_invoices',
    webhookSecret: WEBHOOK_SECRET,
    apiUrl,
  });

const signer = new Stripe('sk_test_invoices');

/** The event POSTed to our webhook route as Stripe does, signed with `secret` (a wrong one forges it). */
export const signedStripeWebhook = (event: object, secret = WEBHOOK_SECRET) => {
  const payload = JSON.stringify(event);
  return {
    method: 'POST' as const,
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  };
};

const CARD_DECLINED = {
  type: 'card_error',
  code: 'card_declined',
  decline_code: 'insufficient_funds',
  message: 'Your card has insufficient funds.',
};

/**
 * A local HTTP server that speaks the Stripe endpoints the adapter uses (customers, SetupIntents, payment
 * methods, PaymentIntents, and Invoicing: invoices, invoice items, finalize, pay), recording every request with
 * its form-encoded parameters. The invoice endpoints answer a repeated idempotency key with the first answer,
 * as Stripe does.
 */
export function stripeServer() {
  const requests: {
    method: string;
    path: string;
    params: URLSearchParams;
    idempotencyKey: string | undefined;
  }[] = [];
  const intents = new Map<string, Record<string, unknown>>();
  const payments = new Map<string, Record<string, unknown>>();
  const invoices = new Map<string, Record<string, unknown>>();
  const invoiceItems: Record<string, unknown>[] = [];
  const replies = new Map<string, { status: number; json: unknown }>();
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
    const idempotent = typeof key === 'string' && url.pathname.startsWith('/v1/invoice');
    const send = (status: number, json: unknown) => {
      if (idempotent && request.method === 'POST') replies.set(key, { status, json });
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomUUID()}` });
      response.end(JSON.stringify(json));
    };
    const replay = idempotent && request.method === 'POST' ? replies.get(key) : undefined;
    if (replay) {
      response.writeHead(replay.status, {
        'content-type': 'application/json',
        'idempotent-replayed': 'true',
      });
      return response.end(JSON.stringify(replay.json));
    }
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
      if (params.get('payment_method') === 'pm_declines') {
        // As Stripe does: the declined intent exists (requires_payment_method), named in the error, and
        // payment_intent.payment_failed follows.
        const declined = {
          id: `pi_${requests.length}`,
          object: 'payment_intent',
          status: 'requires_payment_method',
          amount: Number(params.get('amount')),
          metadata: metadata(),
          last_payment_error: {
            type: 'card_error',
            code: 'card_declined',
            message: 'Your card has insufficient funds.',
          },
        };
        payments.set(declined.id, declined);
        return send(402, { error: { ...CARD_DECLINED, payment_intent: declined } });
      }
      // A Direct Debit is accepted as processing, as Stripe does; a card succeeds at once.
      const debit =
        params.get('payment_method')?.startsWith('pm_sepa') ||
        params.get('payment_method')?.startsWith('pm_bacs');
      const intent = {
        id: `pi_${requests.length}`,
        object: 'payment_intent',
        status: debit ? 'processing' : 'succeeded',
        amount: Number(params.get('amount')),
        metadata: metadata(),
        last_payment_error: null,
      };
      payments.set(intent.id, intent);
      return send(200, intent);
    }
    const pi = url.pathname.match(/^\/v1\/payment_intents\/(pi_\d+)$/);
    if (request.method === 'GET' && pi) {
      const intent = payments.get(pi[1] ?? '');
      return intent
        ? send(200, intent)
        : send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
    }
    if (request.method === 'POST' && url.pathname === '/v1/invoices') {
      const id = `in_${invoices.size + 1}`;
      const invoice = {
        id,
        object: 'invoice',
        status: 'draft',
        customer: params.get('customer'),
        currency: params.get('currency'),
        default_payment_method: params.get('default_payment_method'),
        collection_method: params.get('collection_method'),
        attempted: false,
        amount_due: 0,
        hosted_invoice_url: null,
        invoice_pdf: null,
        metadata: metadata(),
        last_finalization_error: null,
      };
      invoices.set(id, invoice);
      return send(200, invoice);
    }
    if (request.method === 'POST' && url.pathname === '/v1/invoiceitems') {
      const invoice = invoices.get(params.get('invoice') ?? '');
      if (invoice?.status !== 'draft')
        return send(400, { error: { type: 'invalid_request_error', message: 'Invoice is not a draft' } });
      const item = {
        id: `ii_${invoiceItems.length + 1}`,
        object: 'invoiceitem',
        invoice: invoice.id,
        amount: Number(params.get('amount')),
        currency: params.get('currency'),
        description: params.get('description'),
      };
      invoiceItems.push(item);
      invoice.amount_due = (invoice.amount_due as number) + item.amount;
      return send(200, item);
    }
    const inv = url.pathname.match(/^\/v1\/invoices\/(in_\d+)(\/finalize|\/pay)?$/);
    if (inv) {
      const invoice = invoices.get(inv[1] ?? '');
      if (!invoice)
        return send(404, { error: { type: 'invalid_request_error', message: 'No such invoice' } });
      if (request.method === 'GET' && !inv[2]) return send(200, invoice);
      if (request.method === 'POST' && inv[2] === '/finalize') {
        if (invoice.status !== 'draft')
          return send(400, {
            error: { type: 'invalid_request_error', message: 'Invoice is already finalized' },
          });
        Object.assign(invoice, {
          status: 'open',
          hosted_invoice_url: `https://invoice.stripe.test/i/${invoice.id}`,
          invoice_pdf: `https://pay.stripe.test/invoice/${invoice.id}/pdf`,
        });
        return send(200, invoice);
      }
      if (request.method === 'POST' && inv[2] === '/pay') {
        if (invoice.status !== 'open')
          return send(400, { error: { type: 'invalid_request_error', message: 'Invoice is not open' } });
        invoice.attempted = true;
        if ((params.get('payment_method') ?? invoice.default_payment_method) === 'pm_declines')
          return send(402, { error: CARD_DECLINED });
        invoice.status = 'paid';
        return send(200, invoice);
      }
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
    /** The bank's answer to a processing debit: Stripe then sends payment_intent.succeeded or .payment_failed. */
    settle(paymentIntentId: string, outcome: 'succeeded' | 'failed') {
      const intent = payments.get(paymentIntentId);
      if (intent)
        Object.assign(
          intent,
          outcome === 'succeeded'
            ? { status: 'succeeded' }
            : {
                status: 'requires_payment_method',
                last_payment_error: {
                  type: 'invalid_request_error',
                  code: 'payment_method_customer_decline',
                  message: 'The customer’s bank account has insufficient funds.',
                },
              },
        );
      return intent;
    },
    invoices,
    invoiceItems,
    /** What happens at Stripe after issue: paid on the hosted page, voided by an operator. */
    invoice(invoiceId: string, change: 'paid' | 'void') {
      const invoice = invoices.get(invoiceId);
      if (invoice) invoice.status = change;
      return invoice;
    },
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
