import { randomUUID } from 'node:crypto';
import { addDays } from '@mp/domain/trading-day';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantDb } from '../src/access/tenant-db.ts';
import {
  createSimulatedBillingProvider,
  SIMULATED_DECLINE_REASON,
} from '../src/adapters/billing/billing-port.ts';
import { fixedClock } from '../src/clock.ts';
import {
  billingAdjustments,
  billingSettings,
  devices,
  invoices,
  paymentMethods,
  rates,
  sites,
  transactions,
} from '../src/db/schema/index.ts';
import { collectInvoice, NO_PAYMENT_METHOD_REASON } from '../src/modules/invoices/collection.ts';
import {
  INVOICE_BUILD_JOB,
  INVOICE_COLLECT_JOB,
  invoiceBuildJob,
  invoiceScheduleJob,
} from '../src/modules/invoices/invoice-jobs.ts';
import { payoutBuildJob } from '../src/modules/payouts/payout-jobs.ts';
import { type AccessWorld, createAccessWorld, insertMerchant, insertSite } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { pdfText } from './helpers/pdf-text.ts';

// Issue 13 §1 Invoices: the monthly invoice built from the ledger the payout job booked, VAT by country,
// collected through the billing port with retry, read and downloaded as a PDF through SPEC's billing calls.
describe('invoices', () => {
  let t: TestApp;
  let w: AccessWorld;
  const clock = fixedClock(new Date('2026-04-01T06:00:00Z'));
  const sent: { name: string; data: object; singletonKey: string | undefined }[] = [];
  const send = async (name: string, data: object, options?: { singletonKey?: string }) => {
    sent.push({ name, data, singletonKey: options?.singletonKey });
    return randomUUID();
  };
  let buildDay: (merchantId: string, siteId: string, tradingDay: string) => Promise<void>;
  let buildMonth: (merchantId: string, month: string) => Promise<void>;
  let tenantDb: ReturnType<typeof createTenantDb>;

  const payment = (
    merchantId: string,
    siteId: string,
    amount: number,
    at: string,
    extra: Partial<typeof transactions.$inferInsert> = {},
  ): typeof transactions.$inferInsert => {
    const id = randomUUID();
    return {
      merchantId,
      id,
      siteId,
      pspReference: `IN${id.replaceAll('-', '').slice(0, 14).toUpperCase()}`,
      amount,
      currency: 'GBP',
      status: 'captured',
      source: 'adyen-terminal',
      cardScheme: 'visa',
      cardRegion: 'domestic',
      createdAt: new Date(at),
      updatedAt: new Date(at),
      ...extra,
    };
  };
  const get = (actor: Parameters<AccessWorld['headers']>[0], url: string) =>
    t.app.inject({ method: 'GET', url, headers: w.headers(actor) });
  const listUrl = (merchantId = w.merchantA) => `/api/v1/merchants/${merchantId}/invoices`;
  const invoiceOf = async (merchantId: string, month: string) => {
    const [row] = await t.app.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.merchantId, merchantId), eq(invoices.periodStart, `${month}-01`)));
    return row;
  };

  beforeAll(async () => {
    t = await createTestApp({ clock });
    w = await createAccessWorld(t.app, 'Invoices');
    tenantDb = createTenantDb(t.app.database);
    const payoutJob = payoutBuildJob({ tenantDb, clock, send });
    buildDay = (merchantId, siteId, tradingDay) =>
      payoutJob.work({ merchantId, siteId, tradingDay }, {} as never);
    const billing = createSimulatedBillingProvider({ declines: () => false });
    const job = invoiceBuildJob({ tenantDb, clock, send, billing });
    buildMonth = (merchantId, month) => job.work({ merchantId, month }, {} as never);

    const db = t.app.db;
    await db.update(rates).set({ deviceRentalMonthly: 1999 }).where(eq(rates.merchantId, w.merchantA));
    await db.insert(devices).values(
      ['IV-1', 'IV-2', 'IV-3'].map((serial, i) => ({
        merchantId: w.merchantA,
        siteId: w.siteA1,
        serial: `${serial}-${randomUUID().slice(0, 8)}`,
        model: 'with-printer',
        status: i === 2 ? 'inactive' : 'active', // a returned device is not rented
        assignedAt: new Date('2026-02-15T10:00:00Z'),
      })),
    );
    await db.insert(billingAdjustments).values([
      {
        merchantId: w.merchantA,
        kind: 'monthly-fee',
        description: 'Reporting plus',
        amount: 1500,
        currency: 'GBP',
        startsOn: '2026-03-01',
      },
      {
        merchantId: w.merchantA,
        kind: 'credit',
        description: 'Goodwill credit',
        amount: 500,
        currency: 'GBP',
        startsOn: '2026-03-01',
        endsOn: '2026-03-31',
      },
      {
        merchantId: w.merchantA,
        kind: 'discount',
        description: 'Welcome discount 10%',
        percent: '10.0000',
        currency: 'GBP',
        durationMonths: 1,
        startsOn: '2026-03-01',
      },
      {
        merchantId: w.merchantB,
        kind: 'monthly-fee',
        description: 'Beta monthly fee',
        amount: 900,
        currency: 'GBP',
        startsOn: '2026-03-01',
      },
    ]);
    await db.insert(transactions).values([
      payment(w.merchantA, w.siteA1, 1001, '2026-03-10T09:00:00Z'), // domestic 1.2% → 12.012 → 12
      payment(w.merchantA, w.siteA1, 1042, '2026-03-10T09:05:00Z', { cardScheme: 'amex' }), // 2.9% → 30
      payment(w.merchantA, w.siteA1, 250, '2026-03-10T09:10:00Z', { cardRegion: 'eea' }), // 1.5% → 3.75 → 4
      payment(w.merchantA, w.siteA1, 100, '2026-03-10T09:15:00Z', { source: 'tap-to-pay' }), // 1.3% → 1
      payment(w.merchantA, w.siteA1, 1000, '2026-03-10T09:20:00Z', { tipAmount: 200 }), // 1200 × 1.2% → 14
      payment(w.merchantA, w.siteA1, 2000, '2026-03-10T09:25:00Z', { cardRegion: 'global' }), // 2.5% → 50
      payment(w.merchantA, w.siteA1, 700, '2026-03-10T09:30:00Z', { cardScheme: 'jcb', cardRegion: null }), // 2.9% → 20
      payment(w.merchantA, w.siteA1, 375, '2026-03-10T09:35:00Z'), // 1.2% → 4.5 → 5 (half-up)
      payment(w.merchantA, w.siteA2, 10_000, '2026-03-31T22:59:59Z'), // 31 March in London (BST) → 120
      payment(w.merchantA, w.siteA1, 5000, '2026-03-31T23:30:00Z'), // 1 April in London: next month
    ]);
    for (const day of ['2026-03-01', '2026-03-10', '2026-03-31', '2026-04-01']) {
      await buildDay(w.merchantA, w.siteA1, day);
      await buildDay(w.merchantA, w.siteA2, day);
    }
    await buildDay(w.merchantB, w.siteB1, '2026-03-01');
    await buildMonth(w.merchantA, '2026-03');
    await buildMonth(w.merchantB, '2026-03');
  });
  afterAll(() => t.close());

  it('bills processing fees by card region, the monthly fee, rentals, minus credit and discount, plus VAT, to the cent', async () => {
    const list = await get('ownerA', listUrl());
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toHaveLength(1);
    const [listed] = list.json().data;
    const detail = await get('ownerA', `${listUrl()}/${listed.invoiceId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const invoice = detail.json().data;
    expect(invoice.lines).toEqual([
      expect.objectContaining({
        kind: 'processing-fee',
        region: 'domestic',
        quantity: 4,
        amount: 151,
        volume: 12_576,
      }),
      expect.objectContaining({ kind: 'processing-fee', region: 'eea', quantity: 1, amount: 4, volume: 250 }),
      expect.objectContaining({
        kind: 'processing-fee',
        region: 'global',
        quantity: 1,
        amount: 50,
        volume: 2000,
      }),
      expect.objectContaining({
        kind: 'processing-fee',
        region: 'amex',
        quantity: 1,
        amount: 30,
        volume: 1042,
      }),
      expect.objectContaining({
        kind: 'processing-fee',
        region: 'tap-to-pay',
        quantity: 1,
        amount: 1,
        volume: 100,
      }),
      expect.objectContaining({
        kind: 'processing-fee',
        region: 'other',
        quantity: 1,
        amount: 20,
        volume: 700,
      }),
      expect.objectContaining({ kind: 'monthly-fee', description: 'Reporting plus', amount: 1500 }),
      expect.objectContaining({ kind: 'credit', description: 'Goodwill credit', amount: -500 }),
      expect.objectContaining({ kind: 'device-rental', quantity: 2, unitAmount: 1999, amount: 3998 }),
      // 10% of the 256 of processing fees = 25.6 → 26
      expect.objectContaining({ kind: 'discount', description: 'Welcome discount 10%', amount: -26 }),
    ]);
    const lineSum = invoice.lines.reduce((sum: number, line: { amount: number }) => sum + line.amount, 0);
    expect(lineSum).toBe(5228);
    expect(invoice).toMatchObject({
      number: expect.stringMatching(/^INV-202603-/),
      status: 'open',
      displayType: 'billing_summary',
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
      country: 'GB',
      currency: 'GBP',
      subtotal: 5228,
      taxPercent: '20.00',
      tax: 1046, // 1045.6 rounded half-up once
      total: 6274,
      // Net settlement: the fees (256) and the monthly fee less the credit (1000) already came off the payouts.
      settledFromPayouts: 1256,
      amountPaid: 1256,
      amountDue: 5018,
      issuedAt: '2026-04-01T06:00:00.000Z',
      dueAt: '2026-04-15T06:00:00.000Z',
    });
    expect(invoice.subtotal + invoice.tax).toBe(invoice.total);
    expect(invoice.amountPaid + invoice.amountDue).toBe(invoice.total);
  });

  it('builds once per merchant and month however often the job runs, and queues one collection', async () => {
    const before = sent.filter((job) => job.name === INVOICE_COLLECT_JOB).length;
    const first = await invoiceOf(w.merchantA, '2026-03');
    await Promise.all([buildMonth(w.merchantA, '2026-03'), buildMonth(w.merchantA, '2026-03')]);
    await buildMonth(w.merchantA, '2026-03');
    const count = await t.app.db.execute(
      sql`select count(*)::int as n from invoices where merchant_id = ${w.merchantA}`,
    );
    expect((count as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    expect((await invoiceOf(w.merchantA, '2026-03'))?.id).toBe(first?.id);
    // Each run asks again for the collection of the invoice while it is never tried (a run that could not queue
    // it is made good by the next), always under the invoice's key: the exclusive queue keeps one such job.
    const collects = sent.filter((job) => job.name === INVOICE_COLLECT_JOB);
    expect(collects.map((job) => job.singletonKey)).toContain(first?.id);
    expect(new Set(collects.slice(before).map((job) => job.singletonKey))).toEqual(new Set([first?.id]));

    // The daily schedule asks for the previous month of each merchant, keyed by merchant and month.
    sent.length = 0;
    await invoiceScheduleJob({ tenantDb, clock, send, billing: createSimulatedBillingProvider() }).work(
      {},
      {} as never,
    );
    const builds = sent.filter((job) => job.name === INVOICE_BUILD_JOB);
    expect(builds).toContainEqual({
      name: INVOICE_BUILD_JOB,
      data: { merchantId: w.merchantA, month: '2026-03' },
      singletonKey: `${w.merchantA}:2026-03`,
    });
    // A month with nothing to bill makes no invoice.
    await buildMonth(w.merchantA, '2026-01');
    expect(await invoiceOf(w.merchantA, '2026-01')).toBeUndefined();
  });

  it('collects through the billing port: a decline makes it overdue, the retry pays it; no method, no charge', async () => {
    const invoice = await invoiceOf(w.merchantA, '2026-03');
    const id = invoice?.id ?? '';
    const declining = createSimulatedBillingProvider({ declines: (request) => request.attempt === 0 });
    // No payment method yet: overdue with the reason, nothing charged.
    const none = await collectInvoice({ tenantDb, clock, provider: declining }, w.merchantA, id);
    expect(none).toEqual({ status: 'failed', reason: NO_PAYMENT_METHOD_REASON, attempts: 1 });

    const pmId = randomUUID();
    await t.app.db.insert(paymentMethods).values({
      merchantId: w.merchantA,
      id: pmId,
      providerPaymentMethodId: `pm_sim_${randomUUID().replaceAll('-', '')}`,
      type: 'card',
      brand: 'visa',
      lastFour: '4242',
      expMonth: 12,
      expYear: 2030,
    });
    await t.app.db
      .insert(billingSettings)
      .values({ merchantId: w.merchantA, defaultPaymentMethodId: pmId })
      .onConflictDoUpdate({ target: billingSettings.merchantId, set: { defaultPaymentMethodId: pmId } });

    // Attempt index 1 (the second) is not declined by this provider; make the first real charge decline.
    const declineOnce = createSimulatedBillingProvider({ declines: (request) => request.attempt === 1 });
    const declined = await collectInvoice({ tenantDb, clock, provider: declineOnce }, w.merchantA, id);
    expect(declined).toEqual({ status: 'failed', reason: SIMULATED_DECLINE_REASON, attempts: 2 });
    const overdue = (await get('ownerA', `${listUrl()}/${id}`)).json().data;
    expect(overdue).toMatchObject({
      status: 'overdue',
      failureReason: SIMULATED_DECLINE_REASON,
      collectionAttempts: 2,
      amountDue: 5018,
      paymentMethod: { type: 'card', brand: 'visa', lastFour: '4242' },
    });

    const paid = await collectInvoice({ tenantDb, clock, provider: declineOnce }, w.merchantA, id);
    expect(paid).toEqual({ status: 'paid' });
    const after = (await get('ownerA', `${listUrl()}/${id}`)).json().data;
    expect(after).toMatchObject({ status: 'paid', amountPaid: 6274, amountDue: 0, failureReason: null });
    // A late retry finds nothing to collect.
    expect(await collectInvoice({ tenantDb, clock, provider: declineOnce }, w.merchantA, id)).toEqual({
      status: 'nothing-due',
    });
  });

  it('downloads the invoice as a PDF', async () => {
    const invoice = await invoiceOf(w.merchantA, '2026-03');
    const res = await get('ownerA', `${listUrl()}/${invoice?.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice?.number}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.subarray(-6).toString()).toContain('%%EOF');
  });

  // The PDF was English whatever the user's language, with en-GB amounts ('£62.74') and ISO dates.
  it.each([
    ['en-GB', 'Invoice', 'Subtotal', 'Amount due', { open: 'Status: Open', paid: 'Status: Paid' }],
    [
      'es-ES',
      'Factura',
      'Subtotal',
      'Importe pendiente',
      { open: 'Estado: Abierta', paid: 'Estado: Pagada' },
    ],
    ['fr-FR', 'Facture', 'Sous-total', 'Montant dû', { open: 'Statut : Ouverte', paid: 'Statut : Payée' }],
    ['it-IT', 'Fattura', 'Subtotale', 'Importo dovuto', { open: 'Stato: Aperta', paid: 'Stato: Pagata' }],
  ] as const)(
    'the PDF is in the language asked for (%s): its words, amounts and dates',
    async (locale, title, subtotal, due, status) => {
      const invoice = await invoiceOf(w.merchantA, '2026-03');
      const detail = (await get('ownerA', `${listUrl()}/${invoice?.id}`)).json().data;
      const res = await get('ownerA', `${listUrl()}/${invoice?.id}/pdf?locale=${locale}`);
      expect(res.statusCode, res.body).toBe(200);
      const lines = pdfText(res.rawPayload);
      // Helvetica has no narrow no-break space: fr-FR's grouping and currency spaces print as plain spaces.
      const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
      const money = (minor: number) =>
        plain(new Intl.NumberFormat(locale, { style: 'currency', currency: 'GBP' }).format(minor / 100));
      expect(lines).toContain(`${title} ${detail.number}`);
      expect(lines).toContain(subtotal);
      expect(lines).toContain(due);
      // Open, or paid once the collection test has run.
      expect(lines).toContain(status[detail.status as 'open' | 'paid']);
      expect(lines).toContain(money(detail.subtotal));
      expect(lines).toContain(money(detail.total));
      const issued = plain(
        new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'Europe/London' }).format(
          new Date(detail.issuedAt),
        ),
      );
      expect(
        lines.some((line) => line.includes(issued)),
        lines.join(' | '),
      ).toBe(true);
    },
  );

  it('refuses a language it does not have (400 naming locale)', async () => {
    const invoice = await invoiceOf(w.merchantA, '2026-03');
    const res = await get('ownerA', `${listUrl()}/${invoice?.id}/pdf?locale=de-DE`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('locale');
  });

  it('downloads the per-site breakdown as CSV: fees by site and region, rentals by site, adding up to the invoice', async () => {
    const invoice = await invoiceOf(w.merchantA, '2026-03');
    const res = await get('ownerA', `${listUrl()}/${invoice?.id}/site-breakdown`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice?.number}-sites.csv"`);
    const [header, ...rows] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
      .map((line) => line.split(','));
    expect(header).toEqual(['Site', 'Item', 'Quantity', 'Volume (GBP)', 'Amount (GBP)']);
    const siteNames = (await t.app.db.execute(
      sql`select id, name from sites where merchant_id = ${w.merchantA}`,
    )) as unknown as { rows: { id: string; name: string }[] };
    const nameOf = (id: string) => siteNames.rows.find((row) => row.id === id)?.name;
    // The payment of 31 March at site A2: £100.00 domestic at 1.2%.
    expect(rows).toContainEqual([nameOf(w.siteA2), 'Processing fees: domestic cards', '1', '100.00', '1.20']);
    // Two active devices at A1, £19.99 each.
    expect(rows).toContainEqual([nameOf(w.siteA1), 'Card machine rental', '2', '', '39.98']);
    const amount = (row: string[] | undefined) => Math.round(Number(row?.[4]) * 100);
    const body = rows.filter((row) => row[1] !== 'Total' && !row[1]?.startsWith('VAT'));
    expect(body.reduce((sum, row) => sum + amount(row), 0)).toBe(invoice?.subtotal);
    expect(amount(rows.find((row) => row[1] === 'VAT 20%'))).toBe(invoice?.tax);
    expect(amount(rows.find((row) => row[1] === 'Total'))).toBe(invoice?.total);
    // Scoped like the invoice: a site manager and another merchant get a 404.
    expect((await get('managerA1', `${listUrl()}/${invoice?.id}/site-breakdown`)).statusCode).toBe(404);
    const invoiceB = await invoiceOf(w.merchantB, '2026-03');
    expect((await get('ownerA', `${listUrl()}/${invoiceB?.id}/site-breakdown`)).statusCode).toBe(404);
  });

  it('only company billing roles see invoices; another merchant’s invoice is a 404', async () => {
    const invoiceA = await invoiceOf(w.merchantA, '2026-03');
    const invoiceB = await invoiceOf(w.merchantB, '2026-03');
    expect(invoiceB?.total).toBe(1080); // 900 + 20% VAT
    expect((await get('staff', listUrl())).statusCode).toBe(200);
    for (const actor of ['managerA1', 'managerA2', 'ownerB'] as const) {
      expect((await get(actor, listUrl())).statusCode).toBe(404);
      expect((await get(actor, `${listUrl()}/${invoiceA?.id}`)).statusCode).toBe(404);
      expect((await get(actor, `${listUrl()}/${invoiceA?.id}/pdf`)).statusCode).toBe(404);
    }
    // Merchant A's owner asking for B's invoice under A: not found, as if it did not exist.
    for (const path of [`${invoiceB?.id}`, `${invoiceB?.id}/pdf`, 'not-a-uuid']) {
      const res = await get('ownerA', `${listUrl()}/${path}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    const listB = await get('ownerB', listUrl(w.merchantB));
    expect(listB.json().data.map((invoice: { invoiceId: string }) => invoice.invoiceId)).toEqual([
      invoiceB?.id,
    ]);
    expect((await t.app.inject({ method: 'GET', url: listUrl() })).statusCode).toBe(401);
  });

  // Decision 0134: the month's invoice waits until every payout day of the month is built, since a trading day
  // closes at its settlement window (07:00 in London: the 31st closes at 07:00 UTC on the 1st, after the 06:00
  // schedule). Gross settlement marks the fees invoiced, so a fee left off the invoice would never be billed.
  describe('the month waits for its last trading day', () => {
    /** A merchant of one London site open since December 2025 with `window`, on domestic 1.2 % `settlement`. */
    const merchantWith = async (name: string, window: string, settlement: 'gross' | 'net') => {
      const db = t.app.db;
      const merchantId = await insertMerchant(db, name);
      const siteId = await insertSite(db, merchantId, `${name} site`);
      await db
        .update(sites)
        .set({ settlementWindow: window, createdAt: new Date('2025-12-01T12:00:00Z') })
        .where(and(eq(sites.merchantId, merchantId), eq(sites.id, siteId)));
      await db.insert(rates).values({
        merchantId,
        domesticPercent: '1.2000',
        eeaPercent: '1.5000',
        globalPercent: '2.5000',
        amexPercent: '2.9000',
        otherPercent: '2.9000',
        tapToPayPercent: '1.3000',
        currency: 'GBP',
        settlementType: settlement,
        effectiveFrom: '2020-01-01',
      });
      return { merchantId, siteId };
    };
    /** The jobs at `clock`, and a worker that runs the invoice builds they queued for one merchant. */
    const jobsAt = (clock: ReturnType<typeof fixedClock>) => {
      const queued: { name: string; data: object }[] = [];
      const send = async (name: string, data: object) => {
        queued.push({ name, data });
        return randomUUID();
      };
      const billing = createSimulatedBillingProvider({ declines: () => false });
      const payout = payoutBuildJob({ tenantDb, clock, send });
      const build = invoiceBuildJob({ tenantDb, clock, send, billing });
      const schedule = invoiceScheduleJob({ tenantDb, clock, send, billing });
      return {
        buildDays: async (merchantId: string, siteId: string, from: string, to: string) => {
          for (let day = from; day <= to; day = addDays(day, 1))
            await payout.work({ merchantId, siteId, tradingDay: day }, {} as never);
        },
        schedule: () => schedule.work({}, {} as never),
        /** Runs the invoice builds queued for `merchantId` (as the worker would); the months they were for. */
        runBuilds: async (merchantId: string) => {
          const mine = queued
            .splice(0)
            .filter((job) => job.name === INVOICE_BUILD_JOB)
            .map((job) => job.data as { merchantId: string; month: string })
            .filter((data) => data.merchantId === merchantId);
          for (const data of mine) await build.work(data, {} as never);
          return mine.map((data) => data.month);
        },
      };
    };
    /** −Σ of the fee entries the ledger dated in `month`. */
    const feesBookedIn = async (merchantId: string, month: string) => {
      const result = await t.app.db.execute(sql`
        select coalesce(-sum(amount), 0)::int as fees from ledger_entries
         where merchant_id = ${merchantId} and type = 'fee' and to_char(trading_day, 'YYYY-MM') = ${month}`);
      return (result as unknown as { rows: { fees: number }[] }).rows[0]?.fees;
    };
    const processingFeesOf = (invoice: Awaited<ReturnType<typeof invoiceOf>>) =>
      ((invoice?.lines ?? []) as { kind: string; amount: number }[])
        .filter((line) => line.kind === 'processing-fee')
        .reduce((sum, line) => sum + line.amount, 0);

    it('is not built at the 06:00 run before the 31st closes at 07:00; once the 31st is built it bills all of January, late captures go to February', async () => {
      const { merchantId, siteId } = await merchantWith('Late Window Ltd', '07:00', 'gross');
      const lateCapture = payment(merchantId, siteId, 3000, '2026-01-31T15:00:00Z', {
        status: 'pre-authorized',
      });
      await t.app.db.insert(transactions).values([
        payment(merchantId, siteId, 1000, '2026-01-10T12:00:00Z'), // 12
        payment(merchantId, siteId, 2500, '2026-01-20T12:00:00Z'), // 30
        payment(merchantId, siteId, 4000, '2026-01-31T13:00:00Z'), // 48, trading day 31 January
        lateCapture,
      ]);
      const clock = fixedClock(new Date('2026-02-01T06:00:00Z'));
      const jobs = jobsAt(clock);
      await jobs.buildDays(merchantId, siteId, '2026-01-01', '2026-01-30'); // the 31st is still open

      await jobs.schedule();
      expect(await jobs.runBuilds(merchantId)).toContain('2026-01');
      expect(await invoiceOf(merchantId, '2026-01')).toBeUndefined();

      // 07:00 UTC: the 31st closes and its payout day is built; that build asks for January's invoice again.
      clock.set(new Date('2026-02-01T07:05:00Z'));
      await jobs.buildDays(merchantId, siteId, '2026-01-31', '2026-01-31');
      expect(await jobs.runBuilds(merchantId)).toEqual(['2026-01']);
      const invoice = await invoiceOf(merchantId, '2026-01');
      expect(await feesBookedIn(merchantId, '2026-01')).toBe(90);
      expect(processingFeesOf(invoice)).toBe(90);
      // Gross settlement: no payout took the fees, so the invoice collects all of them.
      expect(invoice).toMatchObject({ settledFromPayouts: 0, amountPaid: 0, total: 108 });

      // Captured on 1 February, taken on the 31st: booked on trading day 1 February, so February's invoice bills it.
      await t.app.db
        .update(transactions)
        .set({ status: 'captured', updatedAt: new Date('2026-02-01T09:00:00Z') })
        .where(and(eq(transactions.merchantId, merchantId), eq(transactions.id, lateCapture.id as string)));
      clock.set(new Date('2026-02-02T07:05:00Z'));
      await jobs.buildDays(merchantId, siteId, '2026-02-01', '2026-02-01');
      expect(await feesBookedIn(merchantId, '2026-02')).toBe(36);
      expect(await feesBookedIn(merchantId, '2026-01')).toBe(90);

      // The next day's schedule finds the invoice: built once.
      clock.set(new Date('2026-02-02T06:00:00Z'));
      await jobs.schedule();
      await jobs.runBuilds(merchantId);
      const [count] = (
        (await t.app.db.execute(
          sql`select count(*)::int as n from invoices where merchant_id = ${merchantId}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows;
      expect(count?.n).toBe(1);
      expect((await invoiceOf(merchantId, '2026-01'))?.id).toBe(invoice?.id);
    });

    it('a month still waiting when the next one ends is asked for again, and billed once its last day is out of the payout schedule’s reach', async () => {
      const { merchantId, siteId } = await merchantWith('Stuck Day Ltd', '07:00', 'gross');
      await t.app.db
        .insert(transactions)
        .values([
          payment(merchantId, siteId, 1000, '2026-01-10T12:00:00Z'),
          payment(merchantId, siteId, 2500, '2026-01-20T12:00:00Z'),
        ]);
      const clock = fixedClock(new Date('2026-02-01T07:05:00Z'));
      const jobs = jobsAt(clock);
      // The 31st's payout build never succeeds (its job failed for good, or the worker was down for weeks).
      await jobs.buildDays(merchantId, siteId, '2026-01-01', '2026-01-30');
      for (const at of ['2026-02-01T06:00:00Z', '2026-03-01T06:00:00Z', '2026-03-08T06:00:00Z']) {
        clock.set(new Date(at));
        await jobs.schedule();
        expect(await jobs.runBuilds(merchantId)).toContain('2026-01');
        expect({ at, invoice: await invoiceOf(merchantId, '2026-01') }).toEqual({ at, invoice: undefined });
      }
      // 9 March: the last closed day is the 7th, 35 days back is 1 February; the 31st will never be booked.
      clock.set(new Date('2026-03-09T06:00:00Z'));
      await jobs.schedule();
      expect(await jobs.runBuilds(merchantId)).toEqual(['2026-02', '2026-01']);
      const invoice = await invoiceOf(merchantId, '2026-01');
      expect(processingFeesOf(invoice)).toBe(42);
      expect(await feesBookedIn(merchantId, '2026-01')).toBe(42);
    });

    it('is built at the first run when every payout day of the month is already built', async () => {
      const { merchantId, siteId } = await merchantWith('Early Window Ltd', '00:00', 'gross');
      await t.app.db
        .insert(transactions)
        .values([
          payment(merchantId, siteId, 1000, '2026-01-10T12:00:00Z'),
          payment(merchantId, siteId, 4000, '2026-01-31T23:30:00Z'),
        ]);
      const clock = fixedClock(new Date('2026-02-01T00:15:00Z'));
      const jobs = jobsAt(clock);
      await jobs.buildDays(merchantId, siteId, '2026-01-01', '2026-01-31');
      clock.set(new Date('2026-02-01T06:00:00Z'));
      await jobs.schedule();
      await jobs.runBuilds(merchantId);
      const invoice = await invoiceOf(merchantId, '2026-01');
      expect(processingFeesOf(invoice)).toBe(60);
      expect(await feesBookedIn(merchantId, '2026-01')).toBe(60);
    });
  });
});
