import { randomUUID } from 'node:crypto';
import type { App } from '../../src/app.ts';
import { billingSettings, invoices, paymentMethods } from '../../src/db/schema/index.ts';

type Db = App['db'];
const DAY = 86_400_000;

/** An open monthly invoice of 10.00 + 20 % VAT, due in 14 days: what the collection tests collect. */
export async function insertOpenInvoice(
  db: Db,
  merchantId: string,
  input: { number: string; month: string; issuedAt?: Date; currency?: string; country?: string },
): Promise<string> {
  const id = randomUUID();
  const issuedAt = input.issuedAt ?? new Date();
  await db.insert(invoices).values({
    merchantId,
    id,
    number: input.number,
    status: 'open',
    displayType: 'billing_summary',
    periodStart: `${input.month}-01`,
    periodEnd: `${input.month}-28`,
    subtotal: 1000,
    tax: 200,
    total: 1200,
    taxPercent: '20.00',
    currency: input.currency ?? 'GBP',
    country: input.country ?? 'GB',
    issuedAt,
    dueAt: new Date(issuedAt.getTime() + 14 * DAY),
  });
  return id;
}

/** A saved card (display facts only) made the merchant's default payment method; its id. */
export async function insertDefaultCard(
  db: Db,
  merchantId: string,
  card: { providerPaymentMethodId?: string; lastFour: string; billingEmail?: string },
): Promise<string> {
  const id = randomUUID();
  await db.insert(paymentMethods).values({
    merchantId,
    id,
    providerPaymentMethodId: card.providerPaymentMethodId ?? `pm_sim_${randomUUID().replaceAll('-', '')}`,
    type: 'card',
    brand: 'visa',
    lastFour: card.lastFour,
    expMonth: 12,
    expYear: 2030,
  });
  const settings = {
    defaultPaymentMethodId: id,
    ...(card.billingEmail ? { billingEmail: card.billingEmail } : {}),
  };
  await db
    .insert(billingSettings)
    .values({ merchantId, ...settings })
    .onConflictDoUpdate({ target: billingSettings.merchantId, set: settings });
  return id;
}
