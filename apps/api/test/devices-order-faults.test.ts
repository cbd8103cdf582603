import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { billingSettings, deviceOrders, paymentMethods, rates } from '../src/db/schema/index.ts';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

const ORDER = {
  lines: [{ model: 'with-printer', quantity: 1, docks: 0 }],
  contactName: 'Ada Lovelace',
  contactPhone: '+44 20 7946 0958',
  deliveryAddress: { line1: '1 High Street', city: 'London', postalCode: 'E1 6AN', country: 'GB' },
  termsAgreed: true,
};

// A device order is money (a monthly rental): once it is stored, a confirmation e-mail that cannot go out (the
// mail relay down) must not answer an error, or the merchant, told the order failed, orders again.
describe('device order while the mail relay is down', () => {
  let t: TestApp;
  let w: AccessWorld;

  beforeAll(async () => {
    // Nothing listens on port 1: every e-mail fails to connect.
    t = await createTestApp({
      clock: fixedClock(new Date('2026-03-02T12:00:00Z')),
      env: { SMTP_URL: 'smtp://127.0.0.1:1' },
    });
    w = await createAccessWorld(t.app, 'OrderMailDown');
    await t.app.db.insert(billingSettings).values({ merchantId: w.merchantA, hasSignedRates: true });
    await t.app.db.update(rates).set({ deviceRentalMonthly: 1999 }).where(eq(rates.merchantId, w.merchantA));
    await t.app.db.insert(paymentMethods).values({
      merchantId: w.merchantA,
      providerPaymentMethodId: 'pm_order_mail_down',
      type: 'card',
      brand: 'visa',
      lastFour: '4242',
    });
  });
  afterAll(() => t.close());

  it('answers 201 for the order it stored, so the merchant is not led to order twice', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/merchants/${w.merchantA}/devices`,
      headers: w.headers('ownerA'),
      payload: ORDER,
    });
    const stored = await t.app.db.select().from(deviceOrders).where(eq(deviceOrders.merchantId, w.merchantA));
    expect(stored).toHaveLength(1);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ orderId: stored[0]?.id, state: 'placed' });
  });
});
