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

  describe('Idempotency-Key (an order repeated after its answer was lost)', () => {
    const order = (key: string, body: object = ORDER) =>
      t.app.inject({
        method: 'POST',
        url: `/api/merchants/${w.merchantA}/devices`,
        headers: { ...w.headers('ownerA'), 'idempotency-key': key },
        payload: body,
      });
    const ordersNow = async () =>
      (await t.app.db.select().from(deviceOrders).where(eq(deviceOrders.merchantId, w.merchantA))).length;

    it('the same key and body answer the first order again and store nothing more; another body → 422', async () => {
      const before = await ordersNow();
      const first = await order('order-key-1');
      expect(first.statusCode, first.body).toBe(201);
      const again = await order('order-key-1');
      expect(again.statusCode, again.body).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().data).toEqual(first.json().data);
      expect(await ordersNow()).toBe(before + 1);

      const other = await order('order-key-1', {
        ...ORDER,
        lines: [{ model: 'with-printer', quantity: 5, docks: 0 }],
      });
      expect(other.statusCode).toBe(422);
      expect(other.json().error).toMatchObject({
        code: 'IDEMPOTENCY_KEY_REUSED',
        details: [{ field: 'idempotency-key', rule: 'idempotency.reused' }],
      });
      expect(await ordersNow()).toBe(before + 1);
    });

    it('parallel requests with one key (a double submit) make one order', async () => {
      const before = await ordersNow();
      const answers = await Promise.all(Array.from({ length: 5 }, () => order('order-key-2')));
      expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(answers.map((res) => res.json().data.orderId)).size).toBe(1);
      expect(await ordersNow()).toBe(before + 1);
    });

    it('a request without a key is a new order each time', async () => {
      const before = await ordersNow();
      expect((await order('order-key-3')).statusCode).toBe(201);
      const plain = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/merchants/${w.merchantA}/devices`,
          headers: w.headers('ownerA'),
          payload: ORDER,
        });
      expect((await plain()).statusCode).toBe(201);
      expect((await plain()).statusCode).toBe(201);
      expect(await ordersNow()).toBe(before + 3);
    });
  });
});
