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
  merchantId: string;
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
  kind: 'setup';
  merchantId: string;
  sessionId: string;
  result: SetupResult;
}

/** A provider event about an invoice's payment (a Direct Debit settling or failing), signature checked. */
export interface PaymentEvent {
  kind: 'payment';
  merchantId: string;
  invoiceId: string;
  result: CollectionResult;
}

/** One month's invoice issued at the provider (Stripe, decision 0091): lines in minor units, paid at once. */
export interface ProviderInvoiceRequest {
  merchantId: string;
  /** Our `stripe_invoice` row: with it every call's idempotency key is made. */
  invoiceId: string;
  invoiceNumber: string;
  customerId: string;
  currency: string;
  providerPaymentMethodId: string;
  /** Minor units each (a credit is negative); their sum is the amount due. */
  lines: { description: string; amount: number }[];
}

/** How an invoice stands at the provider, always read back from it (never taken from an event). */
export interface ProviderInvoiceState {
  providerInvoiceId: string;
  hostedInvoiceUrl: string | null;
  invoicePdfUrl: string | null;
  status: 'open' | 'paid' | 'overdue' | 'void';
  /** Why the last payment attempt failed (overdue). */
  reason: string | null;
}

/** A provider event about an invoice it issued (`invoice.paid`, `.payment_failed`, `.voided`). */
export interface InvoiceEvent {
  kind: 'invoice';
  merchantId: string;
  invoiceId: string;
  state: ProviderInvoiceState;
}

/** The provider issues, finalises and collects the invoice itself (Stripe Invoicing); absent for the simulator. */
export interface ProviderInvoicing {
  issue(request: ProviderInvoiceRequest): Promise<ProviderInvoiceState>;
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
  /** Throws when the signature does not match; null for events about neither a session nor an invoice. */
  webhookEvent(rawBody: Buffer, signature: string): Promise<SetupEvent | PaymentEvent | InvoiceEvent | null>;
}

/**
 * A collection attempt's result. A card is paid or declined at once; a Direct Debit (SEPA, BACS) is
 * `processing` for days and later succeeds or fails (decision 0078).
 */
export type CollectionResult =
  | { status: 'succeeded'; providerPaymentId: string }
  | { status: 'processing'; providerPaymentId: string }
  | { status: 'failed'; reason: string; providerPaymentId?: string };

/** A payment the provider has not settled yet, asked about again. */
export interface ProcessingPayment {
  providerPaymentId: string;
  invoiceId: string;
  /** The attempt it was made on (0 for the first). */
  attempt: number;
  /** When the provider accepted it. */
  since: Date;
}

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
  /** Stripe Invoicing: with it the month's invoice is issued and collected at the provider (decision 0091). */
  readonly invoicing?: ProviderInvoicing;
  /** Charges the amount off-session from the payment method; never throws for a decline. */
  collect(request: CollectionRequest): Promise<CollectionResult>;
  /** How a processing payment stands now (a poll: Stripe also tells by webhook, the simulator only this way). */
  paymentStatus(payment: ProcessingPayment, now: Date): Promise<CollectionResult>;
  /**
   * How long after a Direct Debit starts it is first asked about, and then between asks: the simulator's
   * settle delay; for Stripe a fallback for a webhook that never came.
   */
  readonly debitCheckAfterMs: number;
}

export const SIMULATED_DECLINE_REASON = 'The payment was declined by the test provider: insufficient funds';
export const SIMULATED_DEBIT_FAILURE_REASON =
  'The bank returned the Direct Debit (test provider): insufficient funds';
/** How long a simulated Direct Debit is processing before it settles, unless configured. */
export const SIMULATED_DEBIT_SETTLE_MS = 3 * 60 * 1000;

const isDirectDebit = (type: PaymentMethodType) => type === 'sepa_debit' || type === 'bacs_debit';
/** One in ten, decided by the text (an invoice id and attempt), so reruns agree. */
const oneInTen = (text: string) => (createHash('md5').update(text).digest()[0] ?? 255) < 26;

/**
 * The simulated provider's collection. A card: about one invoice in ten is declined on its first attempt
 * (decided by the invoice id, so reruns agree) and paid on the retry, like a card with a temporary shortfall.
 * A SEPA or BACS Direct Debit: accepted as `processing`, settled `debitSettleMs` later; about one in ten
 * first attempts then fails (returned by the bank), as real debits do days later. `declines(request)` and
 * `debitFails(payment)` replace those rules (tests).
 */
export function createSimulatedBillingProvider(
  options: {
    declines?: (request: CollectionRequest) => boolean;
    debitFails?: (payment: ProcessingPayment) => boolean;
    debitSettleMs?: number;
  } = {},
): BillingProvider {
  const declines =
    options.declines ??
    ((request: CollectionRequest) => request.attempt === 0 && oneInTen(request.invoiceId));
  const debitFails =
    options.debitFails ??
    ((payment: ProcessingPayment) => payment.attempt === 0 && oneInTen(`${payment.invoiceId}:debit`));
  const settleMs = options.debitSettleMs ?? SIMULATED_DEBIT_SETTLE_MS;
  return {
    name: 'simulator',
    publicKey: null,
    debitCheckAfterMs: settleMs,
    async collect(request) {
      const key = createHash('sha256').update(`${request.invoiceId}:${request.attempt}`).digest('hex');
      const providerPaymentId = `py_sim_${request.attempt}_${key.slice(0, 24)}`;
      if (isDirectDebit(request.paymentMethodType)) return { status: 'processing', providerPaymentId };
      if (declines(request)) return { status: 'failed', reason: SIMULATED_DECLINE_REASON };
      return { status: 'succeeded', providerPaymentId };
    },
    async paymentStatus(payment, now) {
      const { providerPaymentId } = payment;
      if (now.getTime() - payment.since.getTime() < settleMs)
        return { status: 'processing', providerPaymentId };
      if (debitFails(payment))
        return { status: 'failed', reason: SIMULATED_DEBIT_FAILURE_REASON, providerPaymentId };
      return { status: 'succeeded', providerPaymentId };
    },
  };
}
