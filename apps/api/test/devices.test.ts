import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../src/adapters/mail/outbox-mailer.ts';
import { issueTerminalCodes } from '../src/adapters/terminals/terminal-stock.ts';
import { fixedClock } from '../src/clock.ts';
import {
  auditLog,
  billingSettings,
  deviceAssignAttempts,
  deviceOrderLines,
  deviceOrders,
  devices,
  merchants,
  paymentMethods,
  rates,
  terminalStock,
  transactions,
  users,
} from '../src/db/schema/index.ts';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

type Actor = 'staff' | 'ownerA' | 'managerA1' | 'managerA2' | 'ownerB';

const ORDER = {
  lines: [
    { model: 'with-printer', quantity: 2, docks: 1 },
    { model: 'without-printer', quantity: 0, docks: 0 },
  ],
  contactName: 'Ada Lovelace',
  contactPhone: '+44 20 7946 0958',
  deliveryAddress: { line1: '1 High Street', city: 'London', postalCode: 'e1 6an', country: 'GB' },
  termsAgreed: true,
};

describe('devices API (issue 10, SPEC §7 Devices, §8)', () => {
  let t: TestApp;
  let w: AccessWorld;
  // Monday 2 March 2026, noon in London.
  const clock = fixedClock(new Date('2026-03-02T12:00:00Z'));
  const deviceIds: Record<string, string> = {};
  const call = (actor: Actor, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: w.headers(actor), ...(payload ? { payload } : {}) });
  const list = (actor: Actor, query = '') =>
    call(actor, 'GET', `/api/merchants/${w.merchantA}/devices${query}`);
  const assign = (actor: Actor, siteId: string, otp: string) =>
    call(actor, 'POST', `/api/v1/merchants/${w.merchantA}/sites/${siteId}/assign-device`, { otp });

  beforeAll(async () => {
    t = await createTestApp({ clock });
    w = await createAccessWorld(t.app, 'Devices');
    const now = clock.now().getTime();
    const insert = async (key: string, siteId: string, serial: string, label: string, hoursAgo: number) => {
      const id = randomUUID();
      deviceIds[key] = id;
      await t.app.db.insert(devices).values({
        merchantId: w.merchantA,
        id,
        siteId,
        serial,
        label,
        model: 'with-printer',
        firmwareVersion: '2.3.0',
        lastActivityAt: new Date(now - hoursAgo * 3_600_000),
      });
    };
    await insert('till', w.siteA1, 'P400-000000001', 'Till', 2);
    await insert('terrace', w.siteA1, 'P400-000000002', 'Terrace', 50);
    await insert('bar', w.siteA2, 'V240-000000003', 'Bar', 400);
    for (let i = 0; i < 21; i++)
      await insert(`bulk${i}`, w.siteA2, `BULK-${String(i).padStart(4, '0')}`, `Bulk ${i}`, 500 + i);
    await t.app.db.insert(transactions).values({
      merchantId: w.merchantA,
      siteId: w.siteA1,
      deviceId: deviceIds.till,
      pspReference: 'PSPDEVICE0001',
      amount: 1250,
      currency: 'GBP',
      status: 'captured',
      source: 'adyen-terminal',
      createdAt: new Date(now - 3_600_000),
    });
  });
  afterAll(() => t.close());

  describe('list and one device', () => {
    it('pages the merchant devices, 20 a page, newest activity first, with site and last transaction', async () => {
      const first = await list('ownerA');
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ pageNumber: 1, pageSize: 20, total: 24 });
      expect(first.json().data).toHaveLength(20);
      expect(first.json().data[0]).toMatchObject({
        serial: 'P400-000000001',
        label: 'Till',
        siteName: 'Devices-a1',
        lastTransactionAmount: { amount: 1250, currency: 'GBP' },
        firmwareVersion: '2.3.0',
      });
      const second = await list('ownerA', '?pageNumber=2');
      expect(second.json().data).toHaveLength(4);
    });

    it('searches by serial or label, and filters by site', async () => {
      expect(
        (await list('ownerA', '?search=terr')).json().data.map((d: { label: string }) => d.label),
      ).toEqual(['Terrace']);
      expect(
        (await list('ownerA', '?search=V240')).json().data.map((d: { label: string }) => d.label),
      ).toEqual(['Bar']);
      expect((await list('ownerA', '?search=%25')).json().total).toBe(0);
      expect((await list('ownerA', `?siteId=${w.siteA1}`)).json().total).toBe(2);
    });

    it("shows a site manager only their sites' devices, and nothing of another site", async () => {
      const own = await list('managerA1');
      expect(own.json().data.map((d: { label: string }) => d.label)).toEqual(['Till', 'Terrace']);
      expect((await list('managerA1', `?siteId=${w.siteA2}`)).statusCode).toBe(404);
      expect((await list('ownerB')).statusCode).toBe(404);
    });

    it('gives one device with its recent transactions; 404 for another site or merchant', async () => {
      const url = `/api/v1/merchants/${w.merchantA}/sites/${w.siteA1}/devices/${deviceIds.till}`;
      const res = await call('managerA1', 'GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ siteId: w.siteA1, siteName: 'Devices-a1' });
      expect(res.json().data.recentTransactions).toEqual([
        expect.objectContaining({ amount: 1250, currency: 'GBP', status: 'captured' }),
      ]);
      expect((await call('managerA2', 'GET', url)).statusCode).toBe(404);
      const viaOtherSite = `/api/v1/merchants/${w.merchantA}/sites/${w.siteA2}/devices/${deviceIds.till}`;
      expect((await call('ownerA', 'GET', viaOtherSite)).statusCode).toBe(404);
      expect((await call('ownerB', 'GET', url)).statusCode).toBe(404);
    });

    it('renames a device (audited) and refuses an empty label with its message', async () => {
      const url = `/api/v1/merchants/${w.merchantA}/sites/${w.siteA1}/devices/${deviceIds.terrace}`;
      const bad = await call('managerA1', 'PATCH', url, { label: '  ' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details[0]).toMatchObject({
        field: 'label',
        message: 'Device label must be 1 to 50 characters',
      });
      const res = await call('managerA1', 'PATCH', url, { label: 'Garden' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ label: 'Garden', siteName: 'Devices-a1' });
      const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'device.rename'));
      expect(entry).toMatchObject({
        before: { label: 'Terrace' },
        after: { label: 'Garden' },
        entityId: deviceIds.terrace,
      });
      expect((await call('managerA2', 'PATCH', url, { label: 'Hijack' })).statusCode).toBe(404);
    });
  });

  describe('order', () => {
    const order = (body: object = ORDER, actor: Actor = 'ownerA') =>
      call(actor, 'POST', `/api/merchants/${w.merchantA}/devices`, body);

    it('is blocked, each with its own message: no deal, deal not signed, no payment method, deactivated', async () => {
      const noDeal = await call('ownerB', 'POST', `/api/merchants/${w.merchantB}/devices`, ORDER);
      expect(noDeal.statusCode).toBe(409);
      expect(noDeal.json().error).toMatchObject({
        code: 'ORDER_BLOCKED_NO_DEAL',
        message: 'No deal found. Please contact support to order devices.',
      });
      const notSigned = await order();
      expect(notSigned.json().error.code).toBe('ORDER_BLOCKED_DEAL_NOT_SIGNED');
      await t.app.db.insert(billingSettings).values({ merchantId: w.merchantA, hasSignedRates: true });
      await t.app.db
        .update(rates)
        .set({ deviceRentalMonthly: 1999 })
        .where(eq(rates.merchantId, w.merchantA));
      const noMethod = await order();
      expect(noMethod.json().error).toMatchObject({
        code: 'ORDER_BLOCKED_NO_PAYMENT_METHOD',
        message: 'Please add a payment method before ordering devices.',
      });
      await t.app.db.insert(paymentMethods).values({
        merchantId: w.merchantA,
        providerPaymentMethodId: 'pm_devices_test',
        type: 'card',
        brand: 'visa',
        lastFour: '4242',
      });
      await t.app.db.update(merchants).set({ status: 'inactive' }).where(eq(merchants.id, w.merchantA));
      const deactivated = await order();
      expect(deactivated.json().error.code).toBe('ORDER_BLOCKED_ACCOUNT_DEACTIVATED');
      const options = await call('ownerA', 'GET', `/api/merchants/${w.merchantA}/devices/order-options`);
      expect(options.json().data.blockedBy).toBe('ACCOUNT_DEACTIVATED');
      await t.app.db.update(merchants).set({ status: 'active' }).where(eq(merchants.id, w.merchantA));
      expect(await t.app.db.select().from(deviceOrders)).toEqual([]);
    });

    it('is blocked for a merchant staff have blocked, as for a deactivated one (a block is not active)', async () => {
      // Otherwise orderable: the previous test signed the deal and added a payment method.
      await t.app.db.update(merchants).set({ blocked: true }).where(eq(merchants.id, w.merchantA));
      try {
        const res = await order();
        expect(res.statusCode).toBe(409);
        expect(res.json().error.code).toBe('ORDER_BLOCKED_ACCOUNT_DEACTIVATED');
        const options = await call('ownerA', 'GET', `/api/merchants/${w.merchantA}/devices/order-options`);
        expect(options.json().data).toMatchObject({
          blockedBy: 'ACCOUNT_DEACTIVATED',
          blockedMessage: 'Your account is deactivated, so devices cannot be ordered.',
        });
        expect(await t.app.db.select().from(deviceOrders)).toEqual([]);
      } finally {
        await t.app.db.update(merchants).set({ blocked: false }).where(eq(merchants.id, w.merchantA));
      }
    });

    it('refuses an order without the terms agreed, with the SPEC §5 message, and an empty basket', async () => {
      const res = await order({ ...ORDER, termsAgreed: false });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        {
          field: 'termsAgreed',
          rule: 'validation.termsNotAgreed',
          message: 'You must agree to the terms before placing an order',
        },
      ]);
      const empty = await order({ ...ORDER, lines: [{ model: 'with-printer', quantity: 0, docks: 1 }] });
      expect(empty.json().error.details[0]).toMatchObject({
        field: 'lines',
        message: 'Add at least one device to your order',
      });
    });

    // SPEC §5 phone, decision 0135: "Invalid number" off the pattern's shape, the international form still taken.
    it('refuses a contact phone neither in SPEC’s pattern nor international with "Invalid number"', async () => {
      const res = await order({ ...ORDER, contactPhone: '020 7946 095' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        { field: 'contactPhone', rule: 'validation.phonePatternInvalid', message: 'Invalid number' },
      ]);
      const notANumber = await order({ ...ORDER, contactPhone: '+44 12' });
      expect(notANumber.statusCode).toBe(400);
      expect(notANumber.json().error.details).toEqual([
        {
          field: 'contactPhone',
          rule: 'validation.phoneInvalid',
          message: 'Please enter a valid phone number',
        },
      ]);
      expect(await t.app.db.select().from(deviceOrders)).toEqual([]);
    });

    it('shows both models with the §3 specifications, the rental, the dock and the first delivery date', async () => {
      const res = await call('ownerA', 'GET', `/api/merchants/${w.merchantA}/devices/order-options`);
      expect(res.json().data).toEqual({
        models: [
          {
            model: 'with-printer',
            printer: true,
            weightGrams: 495,
            screenInches: 5.5,
            monthlyRental: { amount: 1999, currency: 'GBP' },
          },
          {
            model: 'without-printer',
            printer: false,
            weightGrams: 262,
            screenInches: 5,
            monthlyRental: { amount: 1999, currency: 'GBP' },
          },
        ],
        dockPrice: { amount: 999, currency: 'GBP' },
        // Ordered Monday 2 March: delivered from Wednesday 4 March.
        firstDeliveryDate: '2026-03-04',
        blockedBy: null,
        blockedMessage: null,
      });
    });

    it('stores the order with its lines and state, and confirms it by e-mail; managers cannot order', async () => {
      const res = await order();
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({
        state: 'placed',
        monthlyTotal: { amount: 3998, currency: 'GBP' },
        outrightTotal: { amount: 999, currency: 'GBP' },
        firstDeliveryDate: '2026-03-04',
      });
      const [stored] = await t.app.db.select().from(deviceOrders);
      expect(stored).toMatchObject({ state: 'placed', contactName: 'Ada Lovelace', monthlyTotal: 3998 });
      expect(stored?.deliveryAddress).toMatchObject({ postalCode: 'E1 6AN' });
      const lines = await t.app.db.select().from(deviceOrderLines);
      expect(lines.map((l) => [l.kind, l.model, l.quantity, l.unitAmount]).sort()).toEqual([
        ['device', 'with-printer', 2, 1999],
        ['dock', 'with-printer', 1, 999],
      ]);
      const mail = await readOutbox(t.app.db, w.users.ownerA.email);
      expect(mail[0]?.subject).toBe('Your device order');
      expect(mail[0]?.text).toContain('£39.98 per month');
      expect(mail[0]?.text).toContain('from 4 March 2026, 7am to 1pm');
      expect((await order(ORDER, 'managerA1')).statusCode).toBe(404);
    });

    it("confirms the order in the ordering user's language", async () => {
      await t.app.db.update(users).set({ locale: 'fr-FR' }).where(eq(users.id, w.users.ownerA.id));
      try {
        expect((await order()).statusCode).toBe(201);
        const mail = await readOutbox(t.app.db, w.users.ownerA.email);
        const french = mail.find((m) => m.subject === 'Votre commande de terminaux');
        expect(french?.text).toContain('par mois');
        expect(french?.text).toContain('du lundi au samedi');
        // The first delivery day as French writes it, not the API's 2026-03-04.
        expect(french?.text).toContain('à partir du 4 mars 2026,');
        expect(french?.text).not.toContain('2026-03-04');
      } finally {
        await t.app.db.update(users).set({ locale: 'en-GB' }).where(eq(users.id, w.users.ownerA.id));
      }
    });
  });

  describe('connect by one-time code', () => {
    let codes: { serial: string; code: string }[];
    beforeAll(async () => {
      await t.app.db.insert(terminalStock).values([
        { serial: 'STOCK-0001', model: 'with-printer', firmwareVersion: '2.4.1' },
        { serial: 'STOCK-0002', model: 'without-printer', firmwareVersion: '2.4.1' },
        { serial: 'STOCK-0003', model: 'without-printer', firmwareVersion: '2.4.1' },
      ]);
      codes = await issueTerminalCodes(t.app.db, clock.now());
    });

    it('connects the terminal to the site; the code then no longer works', async () => {
      const code = codes[0]?.code ?? '';
      const res = await assign('managerA1', w.siteA1, code.toLowerCase().replace('-', ' '));
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({
        serial: 'STOCK-0001',
        siteId: w.siteA1,
        model: 'with-printer',
      });
      const again = await assign('ownerA', w.siteA2, code);
      expect(again.statusCode).toBe(404);
      expect(again.json().error.message).toBe('Device not found for submitted OTP');
      const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'device.assign'));
      expect(entry?.after).toMatchObject({ serial: 'STOCK-0001' });
    });

    it('answers a wrong code with "Device not found for submitted OTP", and a manager of another site 404', async () => {
      const res = await assign('ownerA', w.siteA1, 'ZZZZ-ZZZZ');
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({
        code: 'DEVICE_OTP_NOT_FOUND',
        message: 'Device not found for submitted OTP',
      });
      const other = await assign('managerA1', w.siteA2, codes[1]?.code ?? '');
      expect(other.statusCode).toBe(404);
      expect(other.json().error.message).toBe('Merchant not found');
    });

    it('lets one of two racing claims of the same code win', async () => {
      const code = codes[1]?.code ?? '';
      const results = await Promise.all([assign('ownerA', w.siteA1, code), assign('staff', w.siteA2, code)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 404]);
      const rows = await t.app.db.select().from(devices).where(eq(devices.serial, 'STOCK-0002'));
      expect(rows).toHaveLength(1);
    });

    it('expires codes', async () => {
      // As if issued 25 hours ago: the code's validity (24 hours) is over.
      await t.app.db
        .update(terminalStock)
        .set({ codeExpiresAt: new Date(clock.now().getTime() - 3_600_000) })
        .where(eq(terminalStock.serial, 'STOCK-0003'));
      const res = await assign('ownerA', w.siteA1, codes[2]?.code ?? '');
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Device not found for submitted OTP');
    });

    it('limits wrong tries: after 5 in 15 minutes even a right code must wait (429)', async () => {
      const fresh = await issueTerminalCodes(t.app.db, clock.now());
      for (let i = 0; i < 3; i++) await assign('ownerA', w.siteA1, 'ABCD-EFGH');
      const limited = await assign('ownerA', w.siteA1, fresh[0]?.code ?? '');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.message).toBe(
        'Too many codes were tried. Please wait 15 minutes and try again.',
      );
      // 16 minutes later the earlier wrong tries are out of the window.
      await t.app.db.update(deviceAssignAttempts).set({ at: new Date(clock.now().getTime() - 16 * 60_000) });
      expect((await assign('ownerA', w.siteA1, fresh[0]?.code ?? '')).statusCode).toBe(201);
    });
  });
});
