import { createHash } from 'node:crypto';
import type { PaymentMethodType } from '@mp/domain/enums';

/** What we keep of a payment method: the provider's id and display facts, never a card or account number. */
export interface ProviderPaymentMethod {
  providerPaymentMethodId: string;
  type: PaymentMethodType;
  /** Card brand; for SEPA the IBAN's country; for BACS the sort code. */
  brand: string;
  lastFour: string;
  expMonth: number | null;
  expYear: number | null;
}

/** One attempt to collect an invoice's amount due from a saved payment method. */
export interface CollectionRequest {
  invoiceId: string;
  invoiceNumber: string;
  /** Minor units, > 0. */
  amount: number;
  currency: string;
  providerPaymentMethodId: string;
  paymentMethodType: PaymentMethodType;
  /** The merchant's customer at the provider (Stripe `cus_…`); null with the simulator. */
  customerId: string | null;
  /** 0 for the first attempt; with the invoice id it makes the provider's idempotency key. */
  attempt: number;
}

/** How a checkout session ended at the provider: a saved payment method, a failure, or still waiting. */
export type SetupResult =
  | { status: 'succeeded'; method: ProviderPaymentMethod }
  | { status: 'failed'; reason: string }
  | { status: 'open' };

/** A provider event about a checkout session, from a webhook whose signature was checked. */
export interface SetupEvent {
  merchantId: string;
  sessionId: string;
  result: SetupResult;
}

/**
 * What Stripe adds to the port (adapters/billing/stripe-billing.ts): the customer, a SetupIntent per checkout
 * session (card, SEPA and BACS Direct Debit) mounted by the portal with Stripe Elements, and signed webhooks.
 */
export interface HostedSetup {
  ensureCustomer(input: {
    merchantId: string;
    name: string;
    email: string | null;
    existing: string | null;
  }): Promise<string>;
  createSetupIntent(input: { customerId: string; merchantId: string; sessionId: string }): Promise<{
    id: string;
    clientSecret: string;
  }>;
  setupResult(setupIntentId: string): Promise<SetupResult>;
  /** Throws when the signature does not match; null for events that are not about a checkout session. */
  webhookEvent(rawBody: Buffer, signature: string): Promise<SetupEvent | null>;
}

export type CollectionResult =
  | { status: 'succeeded'; providerPaymentId: string }
  | { status: 'failed'; reason: string };

/**
 * The billing provider port (DESIGN §1): payment methods and invoice collection. The embedded default is the
 * simulated provider (below, and its hosted page in modules/billing/simulator-routes.ts); Stripe is the
 * production adapter (stripe-billing.ts, the official `stripe` SDK), chosen when STRIPE_* keys are set.
 */
export interface BillingProvider {
  readonly name: 'simulator' | 'stripe';
  /** The publishable key the portal mounts Elements with; null for the simulator. */
  readonly publicKey: string | null;
  /** Stripe's SetupIntent flow; absent for the simulator, whose own hosted page completes sessions. */
  readonly hostedSetup?: HostedSetup;
  /** Charges the amount off-session from the payment method; never throws for a decline. */
  collect(request: CollectionRequest): Promise<CollectionResult>;
}

export const SIMULATED_DECLINE_REASON = 'The payment was declined by the test provider: insufficient funds';

/**
 * The simulated provider's collection: about one invoice in ten is declined on its first attempt (decided by
 * the invoice id, so reruns agree) and paid on the retry, like a card with a temporary shortfall.
 * `declines(request)` replaces that rule (tests).
 */
export function createSimulatedBillingProvider(
  options: { declines?: (request: CollectionRequest) => boolean } = {},
): BillingProvider {
  const declines =
    options.declines ??
    ((request: CollectionRequest) =>
      request.attempt === 0 && (createHash('md5').update(request.invoiceId).digest()[0] ?? 255) < 26);
  return {
    name: 'simulator',
    publicKey: null,
    async collect(request) {
      if (declines(request)) return { status: 'failed', reason: SIMULATED_DECLINE_REASON };
      const key = createHash('sha256').update(`${request.invoiceId}:${request.attempt}`).digest('hex');
      return { status: 'succeeded', providerPaymentId: `py_sim_${key.slice(0, 24)}` };
    },
  };
}
