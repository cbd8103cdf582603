import type { PaymentMethodType } from '@mp/domain/enums';
import Stripe from 'stripe';
import type {
  BillingProvider,
  CollectionResult,
  ProviderInvoiceState,
  ProviderPaymentMethod,
  SetupResult,
} from './billing-port.ts';

export interface StripeBillingConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another API host (tests: a local server speaking Stripe's endpoints). */
  apiUrl?: string | undefined;
}

const PAYMENT_METHOD_TYPES = ['card', 'sepa_debit', 'bacs_debit'] as const;

/** A Direct Debit still processing after this long is asked about (a fallback for a webhook that never came). */
export const STRIPE_DEBIT_CHECK_AFTER_MS = 24 * 60 * 60 * 1000;

const PAYMENT_EVENTS = new Set([
  'payment_intent.processing',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
]);

/** Where a PaymentIntent stands, as the port says it. */
export function fromStripePaymentIntent(intent: Stripe.PaymentIntent): CollectionResult {
  if (intent.status === 'succeeded') return { status: 'succeeded', providerPaymentId: intent.id };
  if (intent.status === 'processing') return { status: 'processing', providerPaymentId: intent.id };
  if (intent.status === 'canceled')
    return { status: 'failed', reason: 'The payment was cancelled', providerPaymentId: intent.id };
  return {
    status: 'failed',
    providerPaymentId: intent.id,
    reason: intent.last_payment_error?.message ?? `Payment ${intent.status.replaceAll('_', ' ')}`,
  };
}

const INVOICE_EVENTS = new Set(['invoice.paid', 'invoice.payment_failed', 'invoice.voided']);

/** Where a Stripe invoice stands, as the port says it: tried and not paid is overdue. */
export function fromStripeInvoice(invoice: Stripe.Invoice): ProviderInvoiceState {
  const base = {
    providerInvoiceId: invoice.id ?? '',
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    invoicePdfUrl: invoice.invoice_pdf ?? null,
  };
  if (invoice.status === 'paid') return { ...base, status: 'paid', reason: null };
  if (invoice.status === 'void') return { ...base, status: 'void', reason: null };
  if (invoice.status === 'uncollectible' || (invoice.status === 'open' && invoice.attempted))
    return {
      ...base,
      status: 'overdue',
      reason: invoice.last_finalization_error?.message ?? 'The payment failed',
    };
  return { ...base, status: 'open', reason: null };
}

/** What we keep of a Stripe payment method: display facts only (brand or bank, last four, expiry). */
export function fromStripePaymentMethod(method: Stripe.PaymentMethod): ProviderPaymentMethod | null {
  if (method.type === 'card' && method.card)
    return {
      providerPaymentMethodId: method.id,
      type: 'card',
      brand: method.card.brand,
      lastFour: method.card.last4,
      expMonth: method.card.exp_month,
      expYear: method.card.exp_year,
    };
  if (method.type === 'sepa_debit' && method.sepa_debit)
    return {
      providerPaymentMethodId: method.id,
      type: 'sepa_debit',
      brand: method.sepa_debit.country ?? '',
      lastFour: method.sepa_debit.last4 ?? '',
      expMonth: null,
      expYear: null,
    };
  if (method.type === 'bacs_debit' && method.bacs_debit) {
    const code = method.bacs_debit.sort_code ?? '';
    return {
      providerPaymentMethodId: method.id,
      type: 'bacs_debit',
      brand: code.length === 6 ? `${code.slice(0, 2)}-${code.slice(2, 4)}-${code.slice(4)}` : code,
      lastFour: method.bacs_debit.last4 ?? '',
      expMonth: null,
      expYear: null,
    };
  }
  return null;
}

/**
 * The Stripe billing provider (DESIGN §1) with the official SDK: a customer per merchant, a SetupIntent per
 * checkout session for card, SEPA and BACS Direct Debit (confirmed in the portal with Stripe Elements),
 * signed webhooks, and off-session PaymentIntents to collect invoices (idempotent per invoice and attempt).
 */
export function createStripeBillingProvider(config: StripeBillingConfig): BillingProvider {
  const url = config.apiUrl ? new URL(config.apiUrl) : undefined;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    telemetry: false,
    ...(url
      ? {
          host: url.hostname,
          port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
          protocol: url.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });

  async function setupResult(setupIntentId: string): Promise<SetupResult> {
    const intent = await stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] });
    if (intent.status === 'succeeded' && intent.payment_method) {
      const method =
        typeof intent.payment_method === 'string'
          ? await stripe.paymentMethods.retrieve(intent.payment_method)
          : intent.payment_method;
      const saved = fromStripePaymentMethod(method);
      return saved
        ? { status: 'succeeded', method: saved }
        : { status: 'failed', reason: 'Unsupported payment method' };
    }
    if (intent.status === 'canceled') return { status: 'failed', reason: 'The setup was cancelled' };
    if (intent.last_setup_error?.message && intent.status === 'requires_payment_method')
      return { status: 'failed', reason: intent.last_setup_error.message };
    return { status: 'open' };
  }

  return {
    name: 'stripe',
    publicKey: config.publishableKey,
    debitCheckAfterMs: STRIPE_DEBIT_CHECK_AFTER_MS,
    async paymentStatus(payment) {
      return fromStripePaymentIntent(await stripe.paymentIntents.retrieve(payment.providerPaymentId));
    },
    hostedSetup: {
      async ensureCustomer({ merchantId, name, email, existing }) {
        if (existing) return existing;
        const customer = await stripe.customers.create(
          { name, ...(email ? { email } : {}), metadata: { merchantId } },
          { idempotencyKey: `customer-${merchantId}` },
        );
        return customer.id;
      },
      async createSetupIntent({ customerId, merchantId, sessionId }) {
        const intent = await stripe.setupIntents.create(
          {
            customer: customerId,
            allowed_payment_method_types: [...PAYMENT_METHOD_TYPES],
            usage: 'off_session',
            metadata: { merchantId, sessionId },
          },
          { idempotencyKey: `setup-${sessionId}` },
        );
        if (!intent.client_secret) throw new Error('Stripe returned a SetupIntent without a client secret');
        return { id: intent.id, clientSecret: intent.client_secret };
      },
      setupResult,
      async webhookEvent(rawBody, signature) {
        const event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
        if (INVOICE_EVENTS.has(event.type)) {
          // The invoice's state and ids are read back from Stripe: a replayed or out-of-order event changes nothing.
          const current = await stripe.invoices
            .retrieve((event.data.object as Stripe.Invoice).id ?? '')
            .catch((error: unknown) => {
              // An invoice Stripe does not know names nothing of ours.
              if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
                return null;
              throw error;
            });
          if (!current) return null;
          const merchantId = current.metadata?.merchantId;
          const invoiceId = current.metadata?.invoiceId;
          if (!merchantId || !invoiceId) return null;
          return { kind: 'invoice', merchantId, invoiceId, state: fromStripeInvoice(current) };
        }
        if (PAYMENT_EVENTS.has(event.type)) {
          const intent = event.data.object as Stripe.PaymentIntent;
          // As for SetupIntents: the state is read back, so a replayed or out-of-order event changes nothing;
          // the invoice it pays is read back too (the metadata we wrote when collecting), never the event's.
          const current = await stripe.paymentIntents.retrieve(intent.id);
          const merchantId = current.metadata?.merchantId;
          const invoiceId = current.metadata?.invoiceId;
          if (!merchantId || !invoiceId) return null;
          return { kind: 'payment', merchantId, invoiceId, result: fromStripePaymentIntent(current) };
        }
        if (
          event.type !== 'setup_intent.succeeded' &&
          event.type !== 'setup_intent.setup_failed' &&
          event.type !== 'setup_intent.canceled'
        )
          return null;
        const intent = event.data.object as Stripe.SetupIntent;
        const merchantId = intent.metadata?.merchantId;
        const sessionId = intent.metadata?.sessionId;
        if (!merchantId || !sessionId) return null;
        // The event names the intent; its state is read back from Stripe, so a replayed old event changes nothing.
        return { kind: 'setup', merchantId, sessionId, result: await setupResult(intent.id) };
      },
    },
    invoicing: {
      /**
       * A draft invoice, its items (attached to it, so no pending item of the customer's is swept in), finalised
       * and paid from the payment method given (the merchant's default). Every call has an idempotency key made
       * of our invoice's id, so a job that died half-way and runs again creates nothing new.
       */
      async issue(request) {
        const key = `stripe-invoice-${request.invoiceId}`;
        const currency = request.currency.toLowerCase();
        const metadata = {
          merchantId: request.merchantId,
          invoiceId: request.invoiceId,
          number: request.invoiceNumber,
        };
        let invoice = await stripe.invoices.create(
          {
            customer: request.customerId,
            currency,
            collection_method: 'charge_automatically',
            auto_advance: false,
            pending_invoice_items_behavior: 'exclude',
            default_payment_method: request.providerPaymentMethodId,
            description: `Invoice ${request.invoiceNumber}`,
            metadata,
          },
          { idempotencyKey: key },
        );
        const id = invoice.id ?? '';
        for (const [index, line] of request.lines.entries())
          await stripe.invoiceItems.create(
            {
              customer: request.customerId,
              invoice: id,
              amount: line.amount,
              currency,
              description: line.description,
              metadata,
            },
            { idempotencyKey: `${key}-item-${index}` },
          );
        if (invoice.status === 'draft')
          invoice = await stripe.invoices.finalizeInvoice(
            id,
            { auto_advance: false },
            { idempotencyKey: `${key}-finalize` },
          );
        if (invoice.status === 'open') {
          try {
            invoice = await stripe.invoices.pay(
              id,
              { payment_method: request.providerPaymentMethodId, off_session: true },
              { idempotencyKey: `${key}-pay` },
            );
          } catch (error) {
            if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
            // Declined: the invoice stays open and attempted (overdue here); Stripe sends invoice.payment_failed.
            const current = await stripe.invoices.retrieve(id);
            return { ...fromStripeInvoice(current), status: 'overdue', reason: error.message };
          }
        }
        return fromStripeInvoice(invoice);
      },
    },
    async collect(request) {
      if (!request.customerId) return { status: 'failed', reason: 'No Stripe customer for this merchant' };
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amount,
            currency: request.currency.toLowerCase(),
            customer: request.customerId,
            payment_method: request.providerPaymentMethodId,
            allowed_payment_method_types: [request.paymentMethodType satisfies PaymentMethodType],
            off_session: true,
            confirm: true,
            description: `Invoice ${request.invoiceNumber}`,
            metadata: { invoiceId: request.invoiceId, merchantId: request.merchantId },
          },
          { idempotencyKey: `invoice-${request.invoiceId}-${request.attempt}` },
        );
        // Direct Debits stay `processing` for days, then payment_intent.succeeded or .payment_failed arrives.
        return fromStripePaymentIntent(intent);
      } catch (error) {
        if (
          error instanceof Stripe.errors.StripeCardError ||
          error instanceof Stripe.errors.StripeInvalidRequestError
        )
          return { status: 'failed', reason: error.message };
        throw error;
      }
    },
  };
}
