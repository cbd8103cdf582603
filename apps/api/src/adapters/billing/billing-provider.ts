import type { Config } from '../../config.ts';
import { type BillingProvider, createSimulatedBillingProvider } from './billing-port.ts';

/**
 * Stripe when its keys are configured (STRIPE_*), else the embedded simulated provider. The Stripe SDK (a few
 * hundred modules) is imported only when configured: a worker or API without Stripe never loads it.
 */
export async function createBillingProvider(
  config: Pick<Config, 'stripe' | 'billingSimulator'>,
): Promise<BillingProvider> {
  if (config.stripe) {
    const { createStripeBillingProvider } = await import('./stripe-billing.ts');
    return createStripeBillingProvider(config.stripe);
  }
  return createSimulatedBillingProvider({ debitSettleMs: config.billingSimulator.debitSettleSeconds * 1000 });
}
