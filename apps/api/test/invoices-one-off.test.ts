import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantDb } from '../src/access/tenant-db.ts';
import { createSimulatedBillingProvider } from '../src/adapters/billing/billing-port.ts';
import { createOutboxMailer } from '../src/adapters/mail/outbox-mailer.ts';
import { systemClock } from '../src/clock.ts';
import { auditLog, invoices, merchants } from '../src/db/schema/index.ts';
import {
  INVOICE_COLLECT_JOB,
  invoiceCollectJob,
  invoiceScheduleJob,
} from '../src/modules/invoices/invoice-jobs.ts';
import { createPaymentSettlement } from '../src/modules/invoices/payment-settlement.ts';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { insertDefaultCard } from './helpers/invoices.ts';

// Issue 13 §1 Invoices: staff raise a one-off invoice on a merchant (decision 0091: display type yeti_invoice),
// numbered in the monthly sequence, VAT by the merchant's country, audited, collected like the monthly one.
describe('one-off invoices', () => {
  let t: TestApp;
  let w: AccessWorld;
  const url = (merchantId = w.merchantA) => `/api/v1/merchants/${merchantId}/invoices/one-off`;
  const raise = (actor: Parameters<AccessWorld['headers']>[0], payload: unknown, merchantId?: string) =>
    t.app.inject({
      method: 'POST',
      url: url(merchantId),
      headers: w.headers(actor),
      payload: payload as object,
    });
  const replacement = { lines: [{ description: 'Card machine replacement (screen damaged)', amount: 4999 }] };
  const countInvoices = async () =>
    (await t.app.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.merchantId, w.merchantA)))
      .length;
  const collect = (invoiceId: string, declines: boolean) => {
    const tenantDb = createTenantDb(t.app.database);
    const send = async () => randomUUID();
    return invoiceCollectJob({
      tenantDb,
      clock: systemClock,
      send,
      billing: createSimulatedBillingProvider({ declines: () => declines }),
      settlement: createPaymentSettlement({
        tenantDb,
        clock: systemClock,
        mailer: createOutboxMailer({ db: t.app.db, printBodies: false }),
        send,
        portalUrl: 'https://portal.example',
        log: { warn: () => {}, error: () => {} },
      }),
    }).work({ merchantId: w.merchantA, invoiceId }, { retryCount: 0, retryLimit: 5 } as never);
  };

  beforeAll(async () => {
    t = await createTestApp();
    w = await createAccessWorld(t.app, 'OneOff');
    // A Spanish merchant: 21 % VAT.
    await t.app.db
      .update(merchants)
      .set({ country: 'ES', currency: 'EUR' })
      .where(eq(merchants.id, w.merchantA));
    await insertDefaultCard(t.app.db, w.merchantA, { lastFour: '4242' });
  });
  afterAll(() => t.close());

  it('staff raise one: numbered in the monthly sequence, VAT by country, audited, queued for collection, listed to the owner with its PDF', async () => {
    const jobsBefore = t.sentJobs.length;
    const res = await raise('staff', {
      lines: [
        { description: '  Card machine replacement  ', amount: 4999 },
        { description: 'Courier', amount: 1001 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json().data;
    const month = new Date().toISOString().slice(0, 7).replace('-', '');
    const merchant10 = w.merchantA.replaceAll('-', '').slice(0, 10).toUpperCase();
    expect(invoice).toMatchObject({
      number: `INV-${month}-${merchant10}-01`,
      status: 'open',
      displayType: 'yeti_invoice',
      currency: 'EUR',
      country: 'ES',
      subtotal: 6000,
      taxPercent: '21.00',
      tax: 1260,
      total: 7260,
      amountPaid: 0,
      amountDue: 7260,
      collectionAttempts: 0,
      lines: [
        {
          kind: 'one-off',
          description: 'Card machine replacement',
          quantity: 1,
          unitAmount: 4999,
          amount: 4999,
        },
        { kind: 'one-off', description: 'Courier', quantity: 1, unitAmount: 1001, amount: 1001 },
      ],
    });
    expect(invoice.periodStart).toBe(invoice.periodEnd);
    expect(t.sentJobs.slice(jobsBefore)).toEqual([
      { name: INVOICE_COLLECT_JOB, data: { merchantId: w.merchantA, invoiceId: invoice.invoiceId } },
    ]);
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, w.merchantA), eq(auditLog.entityId, invoice.invoiceId)));
    expect(entry).toMatchObject({
      action: 'invoice.raise_one_off',
      actorUserId: w.users.staff.id,
      actingAs: 'staff',
      entityType: 'invoice',
    });
    expect(entry?.after).toMatchObject({ number: invoice.number, total: 7260 });

    // The owner sees it among the invoices and downloads its PDF.
    const list = await t.app.inject({
      url: `/api/v1/merchants/${w.merchantA}/invoices`,
      headers: w.headers('ownerA'),
    });
    expect(list.json().data.map((row: { invoiceId: string }) => row.invoiceId)).toContain(invoice.invoiceId);
    const pdf = await t.app.inject({
      url: `/api/v1/merchants/${w.merchantA}/invoices/${invoice.invoiceId}/pdf`,
      headers: w.headers('ownerA'),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Not a monthly summary: no per-site breakdown.
    const csv = await t.app.inject({
      url: `/api/v1/merchants/${w.merchantA}/invoices/${invoice.invoiceId}/site-breakdown`,
      headers: w.headers('ownerA'),
    });
    expect(csv.statusCode).toBe(404);

    // The next one the same day takes the next number.
    const second = await raise('staff', replacement);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data.number).toBe(`INV-${month}-${merchant10}-02`);
  });

  it('is collected through the billing port like the monthly one: a decline → overdue, the retry → paid', async () => {
    const res = await raise('staff', replacement);
    const { invoiceId, number } = res.json().data;
    await expect(collect(invoiceId, true)).rejects.toThrow(/not collected/);
    const view = async () =>
      (
        await t.app.inject({
          url: `/api/v1/merchants/${w.merchantA}/invoices/${invoiceId}`,
          headers: w.headers('ownerA'),
        })
      ).json().data;
    expect(await view()).toMatchObject({ number, status: 'overdue', collectionAttempts: 1 });
    await collect(invoiceId, false);
    expect(await view()).toMatchObject({ status: 'paid', amountDue: 0, collectionAttempts: 2 });
  });

  it('a one-off invoice never tried is queued for collection by the daily schedule; a tried one is not', async () => {
    const untried = (await raise('staff', replacement)).json().data.invoiceId;
    const sent: { name: string; data: object }[] = [];
    await invoiceScheduleJob({
      tenantDb: createTenantDb(t.app.database),
      clock: systemClock,
      send: async (name, data) => {
        sent.push({ name, data });
        return randomUUID();
      },
      billing: createSimulatedBillingProvider(),
    }).work({}, {} as never);
    const collects = sent.filter((job) => job.name === INVOICE_COLLECT_JOB).map((job) => job.data);
    expect(collects).toContainEqual({ merchantId: w.merchantA, invoiceId: untried });
    // The one collected in the test above (paid after two attempts) is not queued again.
    const [paid] = await t.app.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.merchantId, w.merchantA), eq(invoices.status, 'paid')));
    expect(collects).not.toContainEqual({ merchantId: w.merchantA, invoiceId: paid?.id });
  });

  it('is staff-only: owners, managers and other merchants’ owners get 404 and nothing is written', async () => {
    const before = await countInvoices();
    for (const actor of ['ownerA', 'managerA1', 'ownerB'] as const) {
      const res = await raise(actor, replacement);
      expect({ actor, status: res.statusCode }).toEqual({ actor, status: 404 });
    }
    expect((await raise('staff', replacement, randomUUID())).statusCode).toBe(404);
    expect((await raise('staff', replacement, 'not-a-merchant')).statusCode).toBe(404);
    expect(await countInvoices()).toBe(before);
  });

  it('bad input is a 400 naming the field and the rule; nothing is half-written', async () => {
    const before = await countInvoices();
    const line = replacement.lines[0];
    const cases: [unknown, string, string][] = [
      [{}, 'lines', 'validation.required'],
      [{ lines: [] }, 'lines', 'validation.invoiceLinesCount'],
      [{ lines: Array.from({ length: 21 }, () => line) }, 'lines', 'validation.invoiceLinesCount'],
      [{ lines: [{ ...line, description: '   ' }] }, 'lines.0.description', 'validation.required'],
      [{ lines: [{ ...line, description: 'x'.repeat(201) }] }, 'lines.0.description', 'validation.tooLong'],
      [
        { lines: [{ ...line, description: 'a\u0007b' }] },
        'lines.0.description',
        'validation.textInvalidCharacters',
      ],
      [{ lines: [line, { ...line, amount: 0 }] }, 'lines.1.amount', 'validation.invoiceLineAmountPositive'],
      [{ lines: [{ ...line, amount: -5 }] }, 'lines.0.amount', 'validation.invoiceLineAmountPositive'],
      [{ lines: [{ ...line, amount: 12.5 }] }, 'lines.0.amount', 'validation.invoiceLineAmountPositive'],
      [{ lines: [{ ...line, amount: '10' }] }, 'lines.0.amount', 'validation.invoiceLineAmountPositive'],
      [{ lines: [{ description: 'x' }] }, 'lines.0.amount', 'validation.required'],
      [
        { lines: [{ ...line, amount: 10_000_001 }] },
        'lines.0.amount',
        'validation.invoiceLineAmountTooLarge',
      ],
      [{ lines: [{ ...line, vatPercent: '0' }] }, 'lines.0.vatPercent', 'validation.invalid'],
      [{ ...replacement, merchantId: w.merchantB }, 'merchantId', 'validation.invalid'],
    ];
    for (const [payload, field, rule] of cases) {
      const res = await raise('staff', payload);
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 400 });
      expect(res.json().error.details).toContainEqual(expect.objectContaining({ field, rule }));
    }
    expect(await countInvoices()).toBe(before);
    // Twenty lines at the largest amount are fine.
    const most = await raise('staff', {
      lines: Array.from({ length: 20 }, (_, i) => ({ description: `Line ${i + 1}`, amount: 10_000_000 })),
    });
    expect(most.statusCode, most.body).toBe(201);
    expect(most.json().data).toMatchObject({ subtotal: 200_000_000, tax: 42_000_000, total: 242_000_000 });
  });
});
