import type { Config } from '../../config.ts';
import { type BillingProvider, createSimulatedBillingProvider } from './billing-port.ts';
import { createStripeBillingProvider } from './stripe-billing.ts';

/** Stripe when its keys are configured (STRIPE_*), else the embedded simulated provider. */
export function createBillingProvider(config: Pick<Config, 'stripe' | 'billingSimulator'>): BillingProvider {
  return config.stripe
    ? createStripeBillingProvider(config.stripe)
    : createSimulatedBillingProvider({ debitSettleMs: config.billingSimulator.debitSettleSeconds * 1000 });
}
