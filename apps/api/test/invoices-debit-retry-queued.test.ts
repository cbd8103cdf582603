import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantDb } from '../src/access/tenant-db.ts';
import {
  createSimulatedBillingProvider,
  SIMULATED_DEBIT_FAILURE_REASON,
} from '../src/adapters/billing/billing-port.ts';
import { createOutboxMailer, readOutbox } from '../src/adapters/mail/outbox-mailer.ts';
import { fixedClock } from '../src/clock.ts';
import { billingSettings, paymentMethods } from '../src/db/schema/index.ts';
import {
  INVOICE_COLLECT_JOB,
  invoiceCollectJob,
  invoiceDebitCheckJob,
} from '../src/modules/invoices/invoice-jobs.ts';
import { createPaymentSettlement, DEBIT_RETRY_DELAY_MS } from '../src/modules/invoices/payment-settlement.ts';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { insertOpenInvoice } from './helpers/invoices.ts';

const DAY = 86_400_000;

// A returned Direct Debit is settled (overdue) and its retry queued for days later. The queue may refuse the job
// (a connection lost) after the settlement: the debit-check job (or Stripe's webhook) then fails and is asked
// again, but must still find the retry to queue — otherwise the invoice stays overdue and is never collected again.
describe('a returned Direct Debit whose retry the queue could not take at first', () => {
  let t: TestApp;
  let w: AccessWorld;
  const clock = fixedClock(new Date());
  let queueDown = false;
  const sent: { name: string; data: object; singletonKey?: string; startAfter?: Date }[] = [];
  const send = async (name: string, data: object, options?: { singletonKey?: string; startAfter?: Date }) => {
    if (queueDown) throw new Error('Connection terminated unexpectedly');
    sent.push({ name, data, ...options });
    return randomUUID();
  };
  const provider = createSimulatedBillingProvider({
    debitSettleMs: 3 * DAY,
    debitFails: (payment) => payment.attempt === 0,
  });
  let collect: (invoiceId: string) => Promise<void>;
  let check: (invoiceId: string) => Promise<void>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createAccessWorld(t.app, 'DebitRetryQueued');
    const tenantDb = createTenantDb(t.app.database);
    const settlement = createPaymentSettlement({
      tenantDb,
      clock,
      mailer: createOutboxMailer({ db: t.app.db, printBodies: false }),
      send,
      portalUrl: 'https://portal.example',
      log: { warn: () => {}, error: () => {} },
    });
    const deps = { tenantDb, clock, send, billing: provider, settlement };
    const collectJob = invoiceCollectJob(deps);
    const checkJob = invoiceDebitCheckJob(deps);
    collect = (invoiceId) => collectJob.work({ merchantId: w.merchantA, invoiceId }, {} as never);
    check = (invoiceId) => checkJob.work({ merchantId: w.merchantA, invoiceId }, {} as never);
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
      billingEmail: 'accounts@debit-retry.example',
    });
  });
  afterAll(() => t.close());

  it('queues the retry when the check is run again, and tells the billing e-mail once', async () => {
    const id = await insertOpenInvoice(t.app.db, w.merchantA, {
      number: 'INV-DDQ-0001',
      month: '2026-04',
      issuedAt: clock.now(),
    });
    await collect(id);
    clock.advance(3 * DAY);

    queueDown = true;
    await expect(check(id)).rejects.toThrow('Connection terminated');
    // The queue asks again (the job's retry, or Stripe delivering its event again).
    queueDown = false;
    sent.length = 0;
    await check(id).catch(() => undefined);

    const invoice = await t.app.inject({
      method: 'GET',
      url: `/api/v1/merchants/${w.merchantA}/invoices/${id}`,
      headers: w.headers('ownerA'),
    });
    expect(invoice.json().data).toMatchObject({
      status: 'overdue',
      paymentStatus: 'failed',
      failureReason: SIMULATED_DEBIT_FAILURE_REASON,
      collectionAttempts: 1,
    });
    expect(sent.filter((job) => job.name === INVOICE_COLLECT_JOB)).toEqual([
      {
        name: INVOICE_COLLECT_JOB,
        data: { merchantId: w.merchantA, invoiceId: id },
        singletonKey: `${id}:retry-1`,
        startAfter: new Date(clock.now().getTime() + DEBIT_RETRY_DELAY_MS),
      },
    ]);
    expect(await readOutbox(t.app.db, 'accounts@debit-retry.example')).toHaveLength(1);

    // The retry, when it runs, debits again and that one settles: paid.
    clock.advance(DEBIT_RETRY_DELAY_MS);
    await collect(id);
    clock.advance(3 * DAY);
    await check(id);
    const paid = await t.app.inject({
      method: 'GET',
      url: `/api/v1/merchants/${w.merchantA}/invoices/${id}`,
      headers: w.headers('ownerA'),
    });
    expect(paid.json().data).toMatchObject({ status: 'paid', collectionAttempts: 2 });
  });
});
