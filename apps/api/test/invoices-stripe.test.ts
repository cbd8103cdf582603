import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantDb } from '../src/access/tenant-db.ts';
import { createSimulatedBillingProvider } from '../src/adapters/billing/billing-port.ts';
import { systemClock } from '../src/clock.ts';
import { invoices, merchants } from '../src/db/schema/index.ts';
import { collectInvoice } from '../src/modules/invoices/collection.ts';
import { INVOICE_COLLECT_JOB, invoiceBuildJob } from '../src/modules/invoices/invoice-jobs.ts';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { insertDefaultCard } from './helpers/invoices.ts';
import {
  signedStripeWebhook,
  stripeServer,
  stripeTestEnv,
  stripeTestProvider,
  WEBHOOK_SECRET,
} from './helpers/stripe-server.ts';

/**
 * The `stripe_invoice` display type (decision 0091): with Stripe configured the monthly job issues the month's
 * summary as a Stripe invoice (items, finalised, paid from the default payment method) — that invoice is the
 * collection — and Stripe's invoice webhooks move both rows' status from the state read back from Stripe.
 */
describe('monthly invoices issued in Stripe (official SDK against a local Stripe-speaking server)', () => {
  const stripe = stripeServer();
  let apiUrl: string;
  let t: TestApp;
  let w: AccessWorld;
  const sent: { name: string; data: unknown }[] = [];
  const base = (merchantId = w.merchantA) => `/api/v1/merchants/${merchantId}`;

  const webhook = (type: string, invoice: Record<string, unknown>, secret = WEBHOOK_SECRET) =>
    t.app.inject(
      signedStripeWebhook(
        { id: `evt_${randomUUID()}`, object: 'event', type, data: { object: invoice } },
        secret,
      ),
    );
  const buildMonth = (merchantId: string, month: string) =>
    invoiceBuildJob({
      tenantDb: createTenantDb(t.app.database),
      clock: systemClock,
      send: async (name: string, data: unknown) => {
        sent.push({ name, data });
        return null;
      },
      billing: stripeTestProvider(apiUrl),
    } as never).work({ merchantId, month }, {} as never);

  /** The month's summary as the builder writes it: two lines, 20 % VAT, 12.00 due. */
  const insertSummary = async (month: string) => {
    const id = randomUUID();
    await t.app.db.insert(invoices).values({
      merchantId: w.merchantA,
      id,
      number: `INV-${month.replace('-', '')}-STRIPE-${randomUUID().slice(0, 6)}`,
      status: 'open',
      displayType: 'billing_summary',
      periodStart: `${month}-01`,
      periodEnd: `${month}-28`,
      subtotal: 1000,
      tax: 200,
      total: 1200,
      taxPercent: '20.00',
      currency: 'GBP',
      country: 'GB',
      lines: [
        { kind: 'processing-fee', description: 'Processing fees (domestic)', amount: 800 },
        { kind: 'device-rental', description: 'Device rental', amount: 200 },
      ],
      issuedAt: new Date(),
    });
    return id;
  };
  const stripeRowOf = async (summaryId: string) =>
    t.app.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.sourceInvoiceId, summaryId), eq(invoices.displayType, 'stripe_invoice')));
  const statusOf = async (id: string) =>
    (await t.app.db.select().from(invoices).where(eq(invoices.id, id)))[0]?.status;
  const invoiceRequests = () => stripe.requests.filter((r) => r.path.startsWith('/v1/invoice'));

  beforeAll(async () => {
    apiUrl = await stripe.listen();
    t = await createTestApp({ env: stripeTestEnv(apiUrl) });
    w = await createAccessWorld(t.app, 'StripeInvoices');
    await t.app.db
      .update(merchants)
      .set({ stripeCustomerId: 'cus_test_1' })
      .where(eq(merchants.id, w.merchantA));
    await insertDefaultCard(t.app.db, w.merchantA, {
      providerPaymentMethodId: 'pm_card_visa',
      lastFour: '4242',
    });
  });
  afterAll(async () => {
    await t?.close();
    await stripe.close();
  });

  it('issues the month in Stripe (items, finalised, paid from the default card): a stripe_invoice row with the hosted page and PDF; no PaymentIntent', async () => {
    const summaryId = await insertSummary('2026-03');
    await buildMonth(w.merchantA, '2026-03');

    const calls = invoiceRequests();
    const create = calls.find((r) => r.path === '/v1/invoices');
    expect(create?.params.get('customer')).toBe('cus_test_1');
    expect(create?.params.get('currency')).toBe('gbp');
    expect(create?.params.get('default_payment_method')).toBe('pm_card_visa');
    expect(create?.params.get('pending_invoice_items_behavior')).toBe('exclude');
    const items = calls.filter((r) => r.path === '/v1/invoiceitems');
    expect(items.map((r) => [r.params.get('description'), Number(r.params.get('amount'))])).toEqual([
      ['Processing fees (domestic)', 800],
      ['Device rental', 200],
      ['VAT 20.00%', 200],
    ]);
    expect(items.every((r) => r.params.get('currency') === 'gbp' && r.params.get('invoice') === 'in_1')).toBe(
      true,
    );
    expect(calls.map((r) => r.path).filter((p) => p.startsWith('/v1/invoices/'))).toEqual([
      '/v1/invoices/in_1/finalize',
      '/v1/invoices/in_1/pay',
    ]);
    expect(calls.every((r) => r.method === 'GET' || r.idempotencyKey?.startsWith('stripe-invoice-'))).toBe(
      true,
    );
    // The Stripe invoice is the collection: no PaymentIntent, no collect job.
    expect(stripe.requests.some((r) => r.path === '/v1/payment_intents')).toBe(false);
    expect(sent.some((job) => job.name === INVOICE_COLLECT_JOB)).toBe(false);

    const [row] = await stripeRowOf(summaryId);
    expect(row).toMatchObject({
      status: 'paid',
      providerInvoiceId: 'in_1',
      hostedInvoiceUrl: 'https://invoice.stripe.test/i/in_1',
      invoicePdfUrl: 'https://pay.stripe.test/invoice/in_1/pdf',
      total: 1200,
      amountPaid: 1200,
    });
    expect(await statusOf(summaryId)).toBe('paid');

    const list = await t.app.inject({
      method: 'GET',
      url: `${base()}/invoices`,
      headers: w.headers('ownerA'),
    });
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json().data.find((i: { invoiceId: string }) => i.invoiceId === row?.id);
    expect(listed).toMatchObject({
      displayType: 'stripe_invoice',
      status: 'paid',
      hostedInvoiceUrl: 'https://invoice.stripe.test/i/in_1',
      invoicePdfUrl: 'https://pay.stripe.test/invoice/in_1/pdf',
    });
    const summary = list.json().data.find((i: { invoiceId: string }) => i.invoiceId === summaryId);
    expect(summary).toMatchObject({ displayType: 'billing_summary', hostedInvoiceUrl: null });

    // Another merchant's owner: 404 under either merchant's path.
    for (const url of [`${base()}/invoices/${row?.id}`, `${base(w.merchantB)}/invoices/${row?.id}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: w.headers('ownerB') });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('a re-run of the job for the same month creates nothing new in Stripe or here', async () => {
    const summaryId = await insertSummary('2026-04');
    await buildMonth(w.merchantA, '2026-04');
    const before = stripe.requests.length;
    await buildMonth(w.merchantA, '2026-04');
    await buildMonth(w.merchantA, '2026-04');
    expect(stripe.requests.length).toBe(before);
    expect(await stripeRowOf(summaryId)).toHaveLength(1);
    expect(stripe.invoices.size).toBe(2);
  });

  it('a job that died after Stripe answered runs again with the same idempotency keys: one Stripe invoice', async () => {
    const summaryId = await insertSummary('2026-05');
    await buildMonth(w.merchantA, '2026-05');
    const [row] = await stripeRowOf(summaryId);
    const invoicesBefore = stripe.invoices.size;
    const itemsBefore = stripe.invoiceItems.length;
    // As if our record of Stripe's answer was never written.
    await t.app.db
      .update(invoices)
      .set({ providerInvoiceId: null, status: 'open' })
      .where(eq(invoices.id, row?.id ?? ''));
    await t.app.db
      .update(invoices)
      .set({ status: 'open', amountPaid: 0, paidAt: null, paymentStatus: null })
      .where(eq(invoices.id, summaryId));
    await buildMonth(w.merchantA, '2026-05');
    expect(stripe.invoices.size).toBe(invoicesBefore);
    expect(stripe.invoiceItems.length).toBe(itemsBefore);
    expect(await stripeRowOf(summaryId)).toMatchObject([{ providerInvoiceId: 'in_3', status: 'paid' }]);
  });

  it('declined → overdue; a forged invoice.paid changes nothing; Stripe’s signed invoice.paid (read back) → paid; replays change nothing', async () => {
    await insertDefaultCard(t.app.db, w.merchantA, {
      providerPaymentMethodId: 'pm_declines',
      lastFour: '0002',
    });
    const summaryId = await insertSummary('2026-06');
    await buildMonth(w.merchantA, '2026-06');
    const [row] = await stripeRowOf(summaryId);
    const stripeId = row?.providerInvoiceId ?? '';
    expect(row).toMatchObject({ status: 'overdue', failureReason: 'Your card has insufficient funds.' });
    expect(await statusOf(summaryId)).toBe('overdue');

    // Stripe's invoice.payment_failed after the decline: the same state, nothing moves.
    expect((await webhook('invoice.payment_failed', { id: stripeId, object: 'invoice' })).statusCode).toBe(
      200,
    );
    expect(await statusOf(row?.id ?? '')).toBe('overdue');

    // Paid on Stripe's hosted page. A forged event first: refused as the route refuses any, nothing changed.
    stripe.invoice(stripeId, 'paid');
    const forged = await webhook('invoice.paid', { id: stripeId, object: 'invoice' }, 'whsec_wrong');
    expect(forged.statusCode).toBe(400);
    expect(await statusOf(row?.id ?? '')).toBe('overdue');
    expect((await webhook('invoice.paid', { id: stripeId, object: 'invoice' })).statusCode).toBe(200);
    expect(await statusOf(row?.id ?? '')).toBe('paid');
    expect(await statusOf(summaryId)).toBe('paid');
    const [paid] = await stripeRowOf(summaryId);

    // Replayed and late events: the state read back is paid, so nothing moves.
    for (const type of ['invoice.paid', 'invoice.payment_failed', 'invoice.voided']) {
      expect((await webhook(type, { id: stripeId, object: 'invoice', status: 'void' })).statusCode).toBe(200);
    }
    const [after] = await stripeRowOf(summaryId);
    expect(after).toMatchObject({ status: 'paid', paidAt: paid?.paidAt, amountPaid: 1200 });
  });

  it('invoice.voided (read back from Stripe) → void; an out-of-order invoice.paid claiming paid changes nothing', async () => {
    const summaryId = await insertSummary('2026-07');
    await buildMonth(w.merchantA, '2026-07');
    const [row] = await stripeRowOf(summaryId);
    const stripeId = row?.providerInvoiceId ?? '';
    expect(row?.status).toBe('overdue');
    stripe.invoice(stripeId, 'void');
    // An old invoice.paid arriving now: its body says paid, Stripe says void.
    expect(
      (await webhook('invoice.paid', { id: stripeId, object: 'invoice', status: 'paid' })).statusCode,
    ).toBe(200);
    expect(await statusOf(row?.id ?? '')).toBe('void');
    expect(await statusOf(summaryId)).toBe('void');
    expect((await webhook('invoice.voided', { id: stripeId, object: 'invoice' })).statusCode).toBe(200);
    expect(await statusOf(row?.id ?? '')).toBe('void');
  });

  it('a signed event about an invoice Stripe does not know changes nothing (200, so Stripe stops sending it)', async () => {
    const summaryId = await insertSummary('2026-08');
    const res = await webhook('invoice.paid', { id: 'in_999', object: 'invoice', status: 'paid' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(summaryId)).toBe('open');
    expect(await stripeRowOf(summaryId)).toHaveLength(0);
  });

  it('never charges a month twice: a summary the collect job already tried is not issued in Stripe; a summary billed in Stripe is not collected by the collect job', async () => {
    const triedId = await insertSummary('2026-10');
    await t.app.db
      .update(invoices)
      .set({ status: 'overdue', collectionAttempts: 1, paymentStatus: 'failed' })
      .where(eq(invoices.id, triedId));
    const before = stripe.requests.length;
    await buildMonth(w.merchantA, '2026-10');
    expect(stripe.requests.length).toBe(before);
    expect(await stripeRowOf(triedId)).toHaveLength(0);

    // Billed in Stripe and declined (overdue): the collect job finds nothing to collect, makes no PaymentIntent.
    const billedId = await insertSummary('2026-11');
    await buildMonth(w.merchantA, '2026-11');
    expect(await statusOf(billedId)).toBe('overdue');
    const outcome = await collectInvoice(
      { tenantDb: createTenantDb(t.app.database), clock: systemClock, provider: stripeTestProvider(apiUrl) },
      w.merchantA,
      billedId,
    );
    expect(outcome).toEqual({ status: 'nothing-due' });
    expect(stripe.requests.some((r) => r.path === '/v1/payment_intents')).toBe(false);
  });

  it('with the simulator nothing changes: no Stripe call, no stripe_invoice row', async () => {
    const summaryId = await insertSummary('2026-09');
    const before = stripe.requests.length;
    const simulator = createSimulatedBillingProvider();
    expect(simulator.invoicing).toBeUndefined();
    await invoiceBuildJob({
      tenantDb: createTenantDb(t.app.database),
      clock: systemClock,
      send: async () => null,
      billing: simulator,
    } as never).work({ merchantId: w.merchantA, month: '2026-09' }, {} as never);
    expect(stripe.requests.length).toBe(before);
    expect(await stripeRowOf(summaryId)).toHaveLength(0);
    expect(await statusOf(summaryId)).toBe('open');
  });
});
