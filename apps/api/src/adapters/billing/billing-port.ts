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

/**
 * The billing provider port (DESIGN §1): payment methods and invoice collection. The embedded default is the
 * simulated provider (modules/billing/simulator-*.ts); Stripe is the production adapter (not built yet).
 */
export interface BillingProvider {
  readonly name: 'simulator' | 'stripe';
  /** The publishable key the portal mounts Elements with; null for the simulator. */
  readonly publicKey: string | null;
}
