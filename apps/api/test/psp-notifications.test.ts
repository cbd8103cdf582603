import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, pspNotifications, refunds, transactions } from '../src/db/schema/index.ts';
import type { AdyenNotificationItem } from '../src/modules/psp/adyen-notification.ts';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { ADYEN_TEST_ENV, ADYEN_TEST_HMAC_KEY, basicAuth, deliver, item, pspRef } from './helpers/adyen.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// Issue 11 §1: Adyen notifications in: auth, HMAC, store-then-apply, dedupe, event mapping, card data.
describe('Adyen notification webhook', () => {
  let t: TestApp;
  let w: AccessWorld;
  const terminalA1 = `V400m-${Date.now().toString().slice(-9)}`;
  const terminalA2 = `P400-${Date.now().toString().slice(-9)}`;

  const fixture = (name: string) =>
    JSON.parse(readFileSync(new URL(`./fixtures/adyen/${name}.json`, import.meta.url), 'utf8')) as {
      live: string;
      notificationItems: { NotificationRequestItem: AdyenNotificationItem }[];
    };

  const transactionOf = async (pspReference: string) => {
    const [row] = await t.app.db
      .select()
      .from(transactions)
      .where(eq(transactions.pspReference, pspReference));
    return row;
  };
  const notificationsOf = (paymentReference: string) =>
    t.app.db.select().from(pspNotifications).where(eq(pspNotifications.paymentReference, paymentReference));
  const countNotifications = async () => {
    const [row] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(pspNotifications);
    return row?.n ?? 0;
  };

  /** A terminal payment at site A1 (a sale unless told otherwise). */
  const auth = (ref: string, extra: Partial<AdyenNotificationItem> = {}, data: Record<string, string> = {}) =>
    item({
      pspReference: ref,
      additionalData: {
        terminalId: terminalA1,
        cardBin: '424242',
        cardSummary: '4242',
        issuerCountry: 'GB',
        ...data,
      },
      ...extra,
    });
  const modification = (
    ref: string,
    eventCode: string,
    extra: Partial<AdyenNotificationItem> = {},
  ): AdyenNotificationItem => item({ pspReference: pspRef(), originalReference: ref, eventCode, ...extra });

  beforeAll(async () => {
    t = await createTestApp({ env: ADYEN_TEST_ENV });
    w = await createAccessWorld(t.app, 'Psp');
    await t.app.db.insert(devices).values([
      { merchantId: w.merchantA, siteId: w.siteA1, serial: terminalA1, model: 'without-printer' },
      { merchantId: w.merchantA, siteId: w.siteA2, serial: terminalA2, model: 'with-printer' },
    ]);
  });
  afterAll(() => t.close());

  describe('authentication', () => {
    it('accepts an item signed with Adyen’s published test vector (key, item, signature from Adyen’s HMAC tests)', async () => {
      const published = item({
        pspReference: 'pspReference',
        originalReference: 'originalReference',
        merchantAccountCode: 'merchantAccount',
        merchantReference: 'reference',
        amount: { currency: 'EUR', value: 1000 },
        eventCode: 'CAPTURE',
        eventDate: '1970-01-01T00:00:00.000Z',
        paymentMethod: 'VISA',
        reason: 'reason',
        success: 'true',
        additionalData: { hmacSignature: 'xhpHvYq2u2Np0rstbZ6QjLGu7JWhvf7Iwaa6EviJSX0=' },
      });
      const response = await deliver(t.app, [published], { sign: false });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('[accepted]');
      // A capture whose payment has not arrived waits for it.
      const [stored] = await notificationsOf('originalReference');
      expect(stored).toMatchObject({ eventCode: 'CAPTURE', success: true, amount: 1000, outcome: 'waiting' });
      expect(stored?.additionalData).toEqual({});
    });

    it('refuses a delivery with one badly signed item (401) and stores none of its items', async () => {
      const before = await countNotifications();
      const good = auth(pspRef());
      const bad = {
        ...auth(pspRef()),
        additionalData: { hmacSignature: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' },
      };
      const signedGood = (await import('../src/modules/psp/adyen-notification.ts')).signItem(
        good,
        ADYEN_TEST_HMAC_KEY,
      );
      const response = await deliver(t.app, [signedGood, bad], { sign: false });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'UNAUTHENTICATED', message: 'Invalid HMAC signature' },
      });
      expect(await countNotifications()).toBe(before);
      expect(await transactionOf(good.pspReference)).toBeUndefined();
    });

    it('refuses an item signed with another key, and an unsigned item', async () => {
      const before = await countNotifications();
      const other = await deliver(t.app, [auth(pspRef())], { hmacKey: 'ABCDEF0123456789ABCDEF0123456789' });
      expect(other.statusCode).toBe(401);
      const unsigned = await deliver(t.app, [auth(pspRef())], { sign: false });
      expect(unsigned.statusCode).toBe(401);
      expect(await countNotifications()).toBe(before);
    });

    it('refuses missing or wrong basic auth with 401 before looking at the body', async () => {
      const none = await t.app.inject({ method: 'POST', url: '/api/psp/adyen/notifications', payload: {} });
      expect(none.statusCode).toBe(401);
      const wrong = await deliver(t.app, [auth(pspRef())], {
        authorization: basicAuth(ADYEN_TEST_ENV.ADYEN_NOTIFICATION_USERNAME, 'Not-the-password'),
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error.message).toBe('Invalid notification credentials');
    });

    it('answers 400 naming the field for a malformed item, storing nothing', async () => {
      const before = await countNotifications();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/psp/adyen/notifications',
        headers: {
          authorization: basicAuth(
            ADYEN_TEST_ENV.ADYEN_NOTIFICATION_USERNAME,
            ADYEN_TEST_ENV.ADYEN_NOTIFICATION_PASSWORD,
          ),
        },
        payload: {
          live: 'false',
          notificationItems: [{ NotificationRequestItem: { ...auth(pspRef()), success: 'yes' } }],
        },
      });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json().error.details)).toContain('success');
      expect(await countNotifications()).toBe(before);
    });
  });

  describe('Adyen’s sample notifications', () => {
    it('refuses them with their published signatures, made with a key that is not ours', async () => {
      for (const name of [
        'authorisation-true',
        'capture-true',
        'capture-false',
        'refund-true',
        'refund-false',
      ]) {
        const sample = fixture(name);
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/psp/adyen/notifications',
          headers: {
            authorization: basicAuth(
              ADYEN_TEST_ENV.ADYEN_NOTIFICATION_USERNAME,
              ADYEN_TEST_ENV.ADYEN_NOTIFICATION_PASSWORD,
            ),
          },
          payload: sample,
        });
        expect(response.statusCode, name).toBe(401);
      }
    });

    it('takes the AUTHORISATION sample, signed with our key, as a captured visa sale with no card data beyond the last four', async () => {
      const sample = fixture('authorisation-true').notificationItems[0]
        ?.NotificationRequestItem as AdyenNotificationItem;
      const reference = pspRef();
      const ours = {
        ...sample,
        pspReference: reference,
        additionalData: { ...sample.additionalData, terminalId: terminalA1 },
      };
      const response = await deliver(t.app, [ours]);
      expect(response.statusCode).toBe(200);
      const stored = await transactionOf(reference);
      expect(stored).toMatchObject({
        merchantId: w.merchantA,
        siteId: w.siteA1,
        status: 'captured',
        source: 'adyen-terminal',
        amount: 10100,
        tipAmount: 0,
        currency: 'EUR',
        cardScheme: 'visa',
        cardLastFour: '7777',
        cardBin: null,
        merchantReference: '8313842560770001',
        createdAt: new Date('2017-01-19T15:42:03Z'),
      });
      const [notification] = await notificationsOf(reference);
      // Expiry date, fraud scores and the rest of additionalData are not kept.
      expect(notification?.additionalData).toEqual({ cardSummary: '7777', terminalId: terminalA1 });
      expect(notification).toMatchObject({
        outcome: 'applied',
        merchantId: w.merchantA,
        transactionId: stored?.id,
      });
    });

    it('applies the CAPTURE, REFUND samples (success and failure) to their payment, whatever order they come in', async () => {
      const reference = pspRef();
      const withOriginal = (name: string) => {
        const sample = fixture(name).notificationItems[0]?.NotificationRequestItem as AdyenNotificationItem;
        return { ...sample, originalReference: reference, amount: { ...sample.amount, currency: 'EUR' } };
      };
      // The capture and a failed refund arrive first: they wait for their payment.
      expect((await deliver(t.app, [withOriginal('capture-false')])).statusCode).toBe(200);
      expect((await notificationsOf(reference))[0]?.outcome).toBe('waiting');
      // A pre-authorisation of 236.23 EUR, then the successful capture sample.
      await deliver(t.app, [
        auth(reference, { amount: { currency: 'EUR', value: 23623 } }, { authorisationType: 'PreAuth' }),
      ]);
      expect((await transactionOf(reference))?.status).toBe('pre-authorized-capture-failed');
      await deliver(t.app, [withOriginal('capture-true')]);
      expect(await transactionOf(reference)).toMatchObject({ status: 'captured', amount: 23623 });
      // The refund samples share one pspReference: REFUND success=false is a failed refund of 15.00 …
      await deliver(t.app, [withOriginal('refund-false')]);
      expect((await transactionOf(reference))?.status).toBe('captured');
      const tx = await transactionOf(reference);
      const [failed] = await t.app.db
        .select()
        .from(refunds)
        .where(eq(refunds.transactionId, tx?.id as string));
      expect(failed).toMatchObject({
        status: 'failed',
        amount: 1500,
        failureReason: 'Insufficient balance on payment',
      });
    });
  });

  describe('event codes → SPEC §3 statuses', () => {
    const cases: {
      name: string;
      events: (ref: string) => AdyenNotificationItem[];
      status: string;
      amount?: number;
    }[] = [
      { name: 'AUTHORISATION of a sale → captured', events: (r) => [auth(r)], status: 'captured' },
      {
        name: 'AUTHORISATION refused → failed',
        events: (r) => [auth(r, { success: 'false', reason: 'Refused' })],
        status: 'failed',
      },
      {
        name: 'AUTHORISATION of a pre-authorisation → pre-authorized',
        events: (r) => [auth(r, {}, { authorisationType: 'PreAuth' })],
        status: 'pre-authorized',
      },
      {
        name: 'pre-authorisation + AUTHORISATION_ADJUSTMENT → pre-authorized-pending-capture',
        events: (r) => [
          auth(r, {}, { authorisationType: 'PreAuth' }),
          modification(r, 'AUTHORISATION_ADJUSTMENT', { pspReference: r }),
        ],
        status: 'pre-authorized-pending-capture',
      },
      {
        name: 'pre-authorisation + CAPTURE → captured with the captured amount',
        events: (r) => [
          auth(r, {}, { authorisationType: 'PreAuth' }),
          modification(r, 'CAPTURE', { amount: { currency: 'GBP', value: 800 } }),
        ],
        status: 'captured',
        amount: 800,
      },
      {
        name: 'pre-authorisation + CAPTURE success=false → pre-authorized-capture-failed',
        events: (r) => [
          auth(r, {}, { authorisationType: 'PreAuth' }),
          modification(r, 'CAPTURE', { success: 'false' }),
        ],
        status: 'pre-authorized-capture-failed',
      },
      {
        name: 'pre-authorisation + CAPTURE_FAILED → pre-authorized-capture-failed',
        events: (r) => [auth(r, {}, { authorisationType: 'PreAuth' }), modification(r, 'CAPTURE_FAILED')],
        status: 'pre-authorized-capture-failed',
      },
      {
        name: 'CANCELLATION → cancelled',
        events: (r) => [auth(r, {}, { authorisationType: 'PreAuth' }), modification(r, 'CANCELLATION')],
        status: 'cancelled',
      },
      {
        name: 'CANCEL_OR_REFUND before capture → cancelled',
        events: (r) => [auth(r, {}, { authorisationType: 'PreAuth' }), modification(r, 'CANCEL_OR_REFUND')],
        status: 'cancelled',
      },
      {
        name: 'CANCEL_OR_REFUND after capture → refunded',
        events: (r) => [auth(r), modification(r, 'CANCEL_OR_REFUND')],
        status: 'refunded',
      },
      {
        name: 'REFUND of part → partially-refunded',
        events: (r) => [auth(r), modification(r, 'REFUND', { amount: { currency: 'GBP', value: 400 } })],
        status: 'partially-refunded',
      },
      {
        name: 'REFUND of all → refunded',
        events: (r) => [auth(r), modification(r, 'REFUND')],
        status: 'refunded',
      },
      {
        name: 'REFUND then REFUND_FAILED → captured again',
        events: (r) => {
          const refund = modification(r, 'REFUND');
          return [auth(r), refund, { ...refund, eventCode: 'REFUND_FAILED', reason: 'Refund not possible' }];
        },
        status: 'captured',
      },
      {
        name: 'REFUND then REFUNDED_REVERSED → captured again',
        events: (r) => {
          const refund = modification(r, 'REFUND');
          return [auth(r), refund, { ...refund, eventCode: 'REFUNDED_REVERSED' }];
        },
        status: 'captured',
      },
      {
        name: 'NOTIFICATION_OF_CHARGEBACK → chargeback-pending',
        events: (r) => [
          auth(r),
          item({
            pspReference: r,
            eventCode: 'NOTIFICATION_OF_CHARGEBACK',
            eventDate: '2026-03-05T10:00:00+00:00',
          }),
        ],
        status: 'chargeback-pending',
      },
      {
        name: 'CHARGEBACK → chargedback',
        events: (r) => [
          auth(r),
          item({
            pspReference: r,
            eventCode: 'NOTIFICATION_OF_CHARGEBACK',
            eventDate: '2026-03-05T10:00:00+00:00',
          }),
          item({ pspReference: r, eventCode: 'CHARGEBACK', eventDate: '2026-03-09T10:00:00+00:00' }),
        ],
        status: 'chargedback',
      },
      {
        name: 'CHARGEBACK_REVERSED after the chargeback → back to captured',
        events: (r) => [
          auth(r),
          item({ pspReference: r, eventCode: 'CHARGEBACK', eventDate: '2026-03-09T10:00:00+00:00' }),
          item({ pspReference: r, eventCode: 'CHARGEBACK_REVERSED', eventDate: '2026-03-20T10:00:00+00:00' }),
        ],
        status: 'captured',
      },
      {
        name: 'REFUND_WITH_DATA → unref-refund, a transaction of its own',
        events: (r) => [auth(r, { eventCode: 'REFUND_WITH_DATA' })],
        status: 'unref-refund',
      },
    ];

    for (const entry of cases) {
      it(`${entry.name} (in order, one at a time)`, async () => {
        const reference = pspRef();
        for (const event of entry.events(reference))
          expect((await deliver(t.app, [event])).statusCode).toBe(200);
        const stored = await transactionOf(reference);
        expect(stored?.status).toBe(entry.status);
        if (entry.amount !== undefined) expect(stored?.amount).toBe(entry.amount);
      });
      it(`${entry.name} (reversed order, and every item delivered twice)`, async () => {
        const reference = pspRef();
        const events = entry.events(reference).reverse();
        for (const event of [...events, ...events])
          expect((await deliver(t.app, [event])).statusCode).toBe(200);
        expect((await transactionOf(reference))?.status).toBe(entry.status);
      });
    }
  });

  describe('duplicates and concurrency', () => {
    it('ignores a retried delivery: one transaction, one refund, nothing counted twice', async () => {
      const reference = pspRef();
      const delivery = [
        auth(reference, { amount: { currency: 'GBP', value: 2000 } }),
        modification(reference, 'REFUND', { amount: { currency: 'GBP', value: 500 } }),
      ];
      for (let i = 0; i < 3; i++) expect((await deliver(t.app, delivery)).statusCode).toBe(200);
      const stored = await transactionOf(reference);
      expect(stored?.status).toBe('partially-refunded');
      const rows = await t.app.db
        .select()
        .from(refunds)
        .where(eq(refunds.transactionId, stored?.id as string));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ amount: 500, status: 'succeeded' });
      expect(await notificationsOf(reference)).toHaveLength(2);
    });

    it('ends in the same state when a payment’s items arrive in parallel deliveries', async () => {
      const reference = pspRef();
      const refund = modification(reference, 'REFUND', { amount: { currency: 'GBP', value: 300 } });
      const deliveries = [
        [auth(reference, {}, { authorisationType: 'PreAuth' })],
        [modification(reference, 'CAPTURE', { amount: { currency: 'GBP', value: 900 } })],
        [refund],
        [refund],
      ];
      const responses = await Promise.all(deliveries.map((items) => deliver(t.app, items)));
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      expect(await transactionOf(reference)).toMatchObject({ status: 'partially-refunded', amount: 900 });
    });
  });

  describe('card data and where a payment belongs', () => {
    it('keeps scheme, an 8-digit BIN, last four and the issuing region; never a card number', async () => {
      const regions = [
        ['GB', 'domestic'],
        ['FR', 'eea'],
        ['NO', 'eea'],
        ['US', 'global'],
      ] as const;
      for (const [country, region] of regions) {
        const reference = pspRef();
        await deliver(t.app, [
          auth(
            reference,
            { paymentMethod: 'mc' },
            {
              cardBin: '55555555',
              cardSummary: '4444',
              issuerCountry: country,
              cardNumber: '5555555555554444',
              expiryDate: '03/2030',
              cardHolderName: 'J. Tester',
            },
          ),
        ]);
        expect(await transactionOf(reference)).toMatchObject({
          cardScheme: 'mastercard',
          cardBin: '55555555',
          cardLastFour: '4444',
          cardRegion: region,
        });
        const stored = JSON.stringify(await notificationsOf(reference));
        expect(stored).not.toContain('5555555555554444');
        expect(stored).not.toContain('J. Tester');
      }
    });

    it('drops a BIN longer than 8 digits rather than keep more of the number', async () => {
      const reference = pspRef();
      await deliver(t.app, [auth(reference, {}, { cardBin: '424242424' })]);
      expect((await transactionOf(reference))?.cardBin).toBeNull();
    });

    it('splits the tip a terminal reports out of the total', async () => {
      const reference = pspRef();
      await deliver(t.app, [
        auth(
          reference,
          { amount: { currency: 'GBP', value: 1150 } },
          { 'posadditionalamounts.gratuityAmount': '150' },
        ),
      ]);
      expect(await transactionOf(reference)).toMatchObject({ amount: 1000, tipAmount: 150 });
    });

    it('places a payment by its terminal, a pay-by-link or tap-to-pay payment by its site metadata', async () => {
      const [onA2, link, tap] = [pspRef(), pspRef(), pspRef()];
      await deliver(t.app, [
        auth(onA2, {}, { terminalId: terminalA2 }),
        item({ pspReference: link, additionalData: { paymentLinkId: 'PL123', 'metadata.siteId': w.siteA2 } }),
        item({
          pspReference: tap,
          additionalData: { 'metadata.siteId': w.siteB1, 'metadata.source': 'tap-to-pay' },
        }),
      ]);
      expect(await transactionOf(onA2)).toMatchObject({ siteId: w.siteA2, source: 'adyen-terminal' });
      expect(await transactionOf(link)).toMatchObject({
        siteId: w.siteA2,
        source: 'pay-by-link',
        deviceId: null,
      });
      expect(await transactionOf(tap)).toMatchObject({
        merchantId: w.merchantB,
        siteId: w.siteB1,
        source: 'tap-to-pay',
      });
    });

    it('keeps an item of an unknown terminal as unmatched, creating no transaction', async () => {
      const reference = pspRef();
      expect(
        (await deliver(t.app, [auth(reference, {}, { terminalId: 'V400m-000000000' })])).statusCode,
      ).toBe(200);
      expect(await transactionOf(reference)).toBeUndefined();
      expect((await notificationsOf(reference))[0]).toMatchObject({ outcome: 'unmatched', merchantId: null });
    });

    it('keeps an item whose site metadata is not a uuid as unmatched (200, not a 500 on every retry)', async () => {
      // 36 characters of hex digits and hyphens that are not a uuid: PostgreSQL refuses them as one (22P02).
      for (const siteId of ['a'.repeat(36), '-'.repeat(36), `${w.siteA1.slice(0, 35)}-`]) {
        const reference = pspRef();
        const answer = await deliver(t.app, [
          item({
            pspReference: reference,
            additionalData: { paymentLinkId: 'PL9', 'metadata.siteId': siteId },
          }),
        ]);
        expect(answer.statusCode, answer.body).toBe(200);
        expect(await transactionOf(reference)).toBeUndefined();
        expect((await notificationsOf(reference))[0]).toMatchObject({
          outcome: 'unmatched',
          merchantId: null,
        });
      }
    });

    it('records the terminal’s last transaction', async () => {
      const reference = pspRef();
      await deliver(t.app, [
        auth(reference, { eventDate: '2026-03-02T09:30:00+00:00' }, { terminalId: terminalA2 }),
      ]);
      const [device] = await t.app.db.select().from(devices).where(eq(devices.serial, terminalA2));
      expect(device?.lastTransactionAt?.getTime()).toBeGreaterThanOrEqual(Date.parse('2026-03-02T09:30:00Z'));
    });
  });

  it('sends a tenant only its own merchant’s notification items (row-level security)', async () => {
    const seen = await t.app.tenantDb.forMerchant(w.merchantB, (tx) => tx.select().from(pspNotifications));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((row) => row.merchantId === w.merchantB)).toBe(true);
    expect(randomUUID()).not.toBe(w.merchantB);
  });
});
