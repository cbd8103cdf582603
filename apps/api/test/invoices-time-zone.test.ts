import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantDb } from '../src/access/tenant-db.ts';
import { fixedClock } from '../src/clock.ts';
import { devices, merchants, rates } from '../src/db/schema/index.ts';
import { buildMonthlyInvoice } from '../src/modules/invoices/invoice-builder.ts';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// A month's card machine rental counts the devices assigned by the end of the month's last day in the merchant's
// time zone, not in UTC: in Madrid (CEST, UTC+2) 22:30 UTC on 31 March is 00:30 on 1 April.
describe('monthly invoice: device rentals by the merchant’s calendar month', () => {
  let t: TestApp;
  let w: AccessWorld;
  const clock = fixedClock(new Date('2026-05-02T06:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp({ clock });
    w = await createAccessWorld(t.app, 'InvoicesZone');
    const db = t.app.db;
    await db.update(merchants).set({ timeZone: 'Europe/Madrid' }).where(eq(merchants.id, w.merchantA));
    await db.update(rates).set({ deviceRentalMonthly: 1999 }).where(eq(rates.merchantId, w.merchantA));
    await db.insert(devices).values(
      [
        '2026-03-31T21:30:00Z', // 23:30 on 31 March in Madrid: rented in March
        '2026-03-31T22:30:00Z', // 00:30 on 1 April in Madrid: from April
        '2026-04-30T22:30:00Z', // 00:30 on 1 May in Madrid: from May
      ].map((at, i) => ({
        merchantId: w.merchantA,
        siteId: w.siteA1,
        serial: `TZ-${i}-${randomUUID().slice(0, 8)}`,
        model: 'with-printer',
        status: 'active',
        assignedAt: new Date(at),
      })),
    );
    const tenantDb = createTenantDb(t.app.database);
    for (const month of ['2026-03', '2026-04'])
      await tenantDb.forMerchant(w.merchantA, (tx) =>
        buildMonthlyInvoice(tx, w.merchantA, month, clock.now()),
      );
  });
  afterAll(() => t.close());

  const invoiceOf = async (periodStart: string) => {
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/merchants/${w.merchantA}/invoices`,
      headers: w.headers('ownerA'),
    });
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json().data.find((i: { periodStart: string }) => i.periodStart === periodStart);
    expect(listed).toBeDefined();
    const url = `/api/v1/merchants/${w.merchantA}/invoices/${listed.invoiceId}`;
    const detail = await t.app.inject({ method: 'GET', url, headers: w.headers('ownerA') });
    expect(detail.statusCode, detail.body).toBe(200);
    const breakdown = await t.app.inject({
      method: 'GET',
      url: `${url}/site-breakdown`,
      headers: w.headers('ownerA'),
    });
    expect(breakdown.statusCode, breakdown.body).toBe(200);
    const rows = breakdown.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
      .map((line) => line.split(','));
    return {
      invoice: detail.json().data,
      rentalRows: rows.filter((row) => row[1] === 'Card machine rental'),
    };
  };

  it('bills March for the device assigned before midnight in Madrid, not the one assigned after it', async () => {
    const { invoice, rentalRows } = await invoiceOf('2026-03-01');
    expect(invoice.lines).toContainEqual(
      expect.objectContaining({ kind: 'device-rental', quantity: 1, unitAmount: 1999, amount: 1999 }),
    );
    expect(rentalRows.map((row) => row[2])).toEqual(['1']);
  });

  it('bills April for both March’s device and the one of 1 April (Madrid), not the one of 1 May', async () => {
    const { invoice, rentalRows } = await invoiceOf('2026-04-01');
    expect(invoice.lines).toContainEqual(
      expect.objectContaining({ kind: 'device-rental', quantity: 2, unitAmount: 1999, amount: 3998 }),
    );
    expect(rentalRows.map((row) => row[2])).toEqual(['2']);
  });
});
