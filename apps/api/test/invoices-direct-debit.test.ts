import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantDb } from '../src/access/tenant-db.ts';
import {
  createSimulatedBillingProvider,
  SIMULATED_DEBIT_FAILURE_REASON,
} from '../src/adapters/billing/billing-port.ts';
import { createOutboxMailer, readOutbox } from '../src/adapters/mail/outbox-mailer.ts';
import { fixedClock } from '../src/clock.ts';
import { billingSettings, invoices, paymentMethods } from '../src/db/schema/index.ts';
import { collectInvoice } from '../src/modules/invoices/collection.ts';
import {
  INVOICE_COLLECT_JOB,
  INVOICE_DEBIT_CHECK_JOB,
  invoiceCollectJob,
  invoiceDebitCheckJob,
} from '../src/modules/invoices/invoice-jobs.ts';
import {
  createPaymentSettlement,
  DEBIT_RETRY_DELAY_MS,
  MAX_COLLECTION_ATTEMPTS,
} from '../src/modules/invoices/payment-settlement.ts';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { insertOpenInvoice } from './helpers/invoices.ts';

const DAY = 86_400_000;

// Decision 0078: a SEPA or BACS Direct Debit is processing for days, then paid or failed (overdue, e-mail, retry).
describe('invoices collected by Direct Debit', () => {
  let t: TestApp;
  let w: AccessWorld;
  // The jobs' clock moves days ahead; the app keeps the real one, so the owner's token stays valid.
  const clock = fixedClock(new Date());
  const sent: {
    name: string;
    data: object;
    singletonKey?: string | undefined;
    startAfter?: Date | undefined;
  }[] = [];
  const send = async (name: string, data: object, options?: { singletonKey?: string; startAfter?: Date }) => {
    sent.push({ name, data, singletonKey: options?.singletonKey, startAfter: options?.startAfter });
    return randomUUID();
  };
  // The simulated provider as configured by BILLING_SIMULATOR_DEBIT_SETTLE_SECONDS: 3 days here; the first
  // debit of an invoice is returned by the bank, the next one settles.
  const provider = createSimulatedBillingProvider({
    debitSettleMs: 3 * DAY,
    debitFails: (payment) => payment.attempt === 0,
  });
  let tenantDb: ReturnType<typeof createTenantDb>;
  let jobs: {
    collect: (invoiceId: string) => Promise<void>;
    check: (invoiceId: string) => Promise<void>;
  };

  // The settlement as the job worker builds it: the outbox mailer on the test database, the recorded queue.
  const settlementOf = () =>
    createPaymentSettlement({
      tenantDb,
      clock,
      mailer: createOutboxMailer({ db: t.app.db, printBodies: false }),
      send,
      portalUrl: 'https://portal.example',
      log: { warn: () => {}, error: () => {} },
    });
  const insertInvoice = (number: string, month: string) =>
    insertOpenInvoice(t.app.db, w.merchantA, { number, month, issuedAt: clock.now() });
  const view = async (invoiceId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/merchants/${w.merchantA}/invoices/${invoiceId}`,
      headers: w.headers('ownerA'),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    w = await createAccessWorld(t.app, 'DirectDebit');
    tenantDb = createTenantDb(t.app.database);
    const settlement = settlementOf();
    const deps = { tenantDb, clock, send, billing: provider };
    const collect = invoiceCollectJob({ ...deps, settlement });
    const check = invoiceDebitCheckJob({ ...deps, settlement });
    jobs = {
      collect: (invoiceId) => collect.work({ merchantId: w.merchantA, invoiceId }, {} as never),
      check: (invoiceId) => check.work({ merchantId: w.merchantA, invoiceId }, {} as never),
    };
    const pmId = randomUUID();
    await t.app.db.insert(paymentMethods).values({
      merchantId: w.merchantA,
      id: pmId,
      providerPaymentMethodId: `pm_sim_${randomUUID().replaceAll('-', '')}`,
      type: 'sepa_debit',
      brand: 'DE',
      lastFour: '3000',
    });
    await t.app.db.insert(billingSettings).values({
      merchantId: w.merchantA,
      defaultPaymentMethodId: pmId,
      billingEmail: 'accounts@direct-debit.example',
    });
  });
  afterAll(() => t.close());

  it('is processing, not paid, until the bank answers; it is never charged twice meanwhile', async () => {
    const id = await insertInvoice('INV-DD-0001', '2026-04');
    await jobs.collect(id);
    expect(await view(id)).toMatchObject({
      status: 'open',
      paymentStatus: 'processing',
      paymentProcessingSince: clock.now().toISOString(),
      amountPaid: 0,
      amountDue: 1200,
      paidAt: null,
      collectionAttempts: 1,
      paymentMethod: { type: 'sepa_debit', brand: 'DE', lastFour: '3000' },
    });
    // The collect job asked for a check when the provider should know, once per payment.
    const check = sent.find((job) => job.name === INVOICE_DEBIT_CHECK_JOB);
    expect(check?.data).toEqual({ merchantId: w.merchantA, invoiceId: id });
    expect(check?.startAfter?.toISOString()).toBe(new Date(clock.now().getTime() + 3 * DAY).toISOString());
    // A retry of the collection (or a second job) finds nothing to collect while the debit is processing.
    expect(await collectInvoice({ tenantDb, clock, provider }, w.merchantA, id)).toEqual({
      status: 'nothing-due',
    });
    // Asked too early: still processing, so the job throws and the queue asks again later.
    clock.advance(DAY);
    await expect(jobs.check(id)).rejects.toThrow(/still processing/);
    expect((await view(id)).paymentStatus).toBe('processing');
  });

  it('a returned debit makes the invoice overdue with the bank’s reason, tells the billing e-mail and queues a retry', async () => {
    const [row] = await t.app.db.select().from(invoices).where(eq(invoices.number, 'INV-DD-0001'));
    const id = row?.id ?? '';
    sent.length = 0;
    clock.advance(2 * DAY);
    await jobs.check(id);
    expect(await view(id)).toMatchObject({
      status: 'overdue',
      paymentStatus: 'failed',
      failureReason: SIMULATED_DEBIT_FAILURE_REASON,
      paymentProcessingSince: null,
      amountDue: 1200,
    });
    const retry = sent.find((job) => job.name === INVOICE_COLLECT_JOB);
    expect(retry).toEqual({
      name: INVOICE_COLLECT_JOB,
      data: { merchantId: w.merchantA, invoiceId: id },
      singletonKey: `${id}:retry-1`,
      startAfter: new Date(clock.now().getTime() + DEBIT_RETRY_DELAY_MS),
    });
    const [mail] = await readOutbox(t.app.db, 'accounts@direct-debit.example');
    expect(mail).toMatchObject({
      kind: 'invoice_payment_failed',
      subject: 'Payment of invoice INV-DD-0001 failed',
    });
    expect(mail?.text).toContain('insufficient funds');
    const retryOn = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' }).format(
      new Date(clock.now().getTime() + DEBIT_RETRY_DELAY_MS),
    );
    expect(mail?.text).toContain(`We will try again on ${retryOn}.`);
    expect(mail?.text).toContain('https://portal.example/billing/payment-methods');
    // Asked again (a replayed event, a late check): nothing changes, nothing more is sent.
    sent.length = 0;
    await jobs.check(id);
    expect(sent).toEqual([]);
    expect(await readOutbox(t.app.db, 'accounts@direct-debit.example')).toHaveLength(1);
  });

  it('the retry debits again and, once settled, the invoice is paid', async () => {
    const [row] = await t.app.db.select().from(invoices).where(eq(invoices.number, 'INV-DD-0001'));
    const id = row?.id ?? '';
    clock.advance(DEBIT_RETRY_DELAY_MS);
    await jobs.collect(id);
    expect(await view(id)).toMatchObject({
      status: 'overdue',
      paymentStatus: 'processing',
      collectionAttempts: 2,
    });
    clock.advance(3 * DAY);
    await jobs.check(id);
    expect(await view(id)).toMatchObject({
      status: 'paid',
      paymentStatus: 'succeeded',
      failureReason: null,
      amountPaid: 1200,
      amountDue: 0,
      paidAt: clock.now().toISOString(),
    });
  });

  it('after the last attempt fails no retry is queued and the e-mail says so', async () => {
    const id = await insertInvoice('INV-DD-0002', '2026-03');
    await t.app.db
      .update(invoices)
      .set({ collectionAttempts: MAX_COLLECTION_ATTEMPTS - 1 })
      .where(and(eq(invoices.merchantId, w.merchantA), eq(invoices.id, id)));
    const alwaysFails = createSimulatedBillingProvider({ debitSettleMs: DAY, debitFails: () => true });
    const settlement = settlementOf();
    const deps = { tenantDb, clock, send, billing: alwaysFails };
    await invoiceCollectJob({ ...deps, settlement }).work(
      { merchantId: w.merchantA, invoiceId: id },
      {} as never,
    );
    sent.length = 0;
    clock.advance(DAY);
    await invoiceDebitCheckJob({ ...deps, settlement }).work(
      { merchantId: w.merchantA, invoiceId: id },
      {} as never,
    );
    expect(await view(id)).toMatchObject({ status: 'overdue', paymentStatus: 'failed' });
    expect(sent).toEqual([]);
    const mail = (await readOutbox(t.app.db, 'accounts@direct-debit.example')).find((m) =>
      m.subject.includes('INV-DD-0002'),
    );
    expect(mail?.text).toContain('We will not try again');
  });
});
