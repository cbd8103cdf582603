import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantDb } from '../src/access/tenant-db.ts';
import { createSimulatedBillingProvider } from '../src/adapters/billing/billing-port.ts';
import { fixedClock } from '../src/clock.ts';
import { billingAdjustments, invoices } from '../src/db/schema/index.ts';
import { collectInvoice } from '../src/modules/invoices/collection.ts';
import { INVOICE_COLLECT_JOB, invoiceBuildJob } from '../src/modules/invoices/invoice-jobs.ts';
import { payoutBuildJob } from '../src/modules/payouts/payout-jobs.ts';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// The monthly invoice is committed by its build job, and its collection queued after the commit. A queue that
// could not take the job then (a connection lost, the worker killed between the two) must not leave the invoice
// open for ever: the job's retry (or the next daily build) finds the invoice, never tried, and queues it.
describe('a monthly invoice whose collection could not be queued', () => {
  let t: TestApp;
  let w: AccessWorld;
  const clock = fixedClock(new Date('2026-04-01T06:00:00Z'));
  const billing = createSimulatedBillingProvider({ declines: () => false });
  let queueDown = false;
  const sent: { name: string; data: object; singletonKey: string | undefined }[] = [];
  const send = async (name: string, data: object, options?: { singletonKey?: string }) => {
    if (queueDown && name === INVOICE_COLLECT_JOB) throw new Error('Connection terminated unexpectedly');
    sent.push({ name, data, singletonKey: options?.singletonKey });
    return randomUUID();
  };

  beforeAll(async () => {
    t = await createTestApp({ clock });
    w = await createAccessWorld(t.app, 'CollectQueued');
    await t.app.db.insert(billingAdjustments).values({
      merchantId: w.merchantB,
      kind: 'monthly-fee',
      description: 'Beta monthly fee',
      amount: 900,
      currency: 'GBP',
      startsOn: '2026-03-01',
    });
    const tenantDb = createTenantDb(t.app.database);
    await payoutBuildJob({ tenantDb, clock, send }).work(
      { merchantId: w.merchantB, siteId: w.siteB1, tradingDay: '2026-03-01' },
      {} as never,
    );
  });
  afterAll(() => t.close());

  it('is queued by the build job’s retry and collected once', async () => {
    const tenantDb = createTenantDb(t.app.database);
    const build = invoiceBuildJob({ tenantDb, clock, send, billing });
    const data = { merchantId: w.merchantB, month: '2026-03' };

    queueDown = true;
    await expect(build.work(data, {} as never)).rejects.toThrow('Connection terminated');
    const [invoice] = await t.app.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.merchantId, w.merchantB), eq(invoices.periodStart, '2026-03-01')));
    expect(invoice).toMatchObject({ status: 'open', collectionAttempts: 0 });

    // The queue retries the build job: the invoice exists, and its collection is queued now.
    queueDown = false;
    await build.work(data, {} as never);
    const collects = sent.filter((job) => job.name === INVOICE_COLLECT_JOB);
    expect(collects).toEqual([
      {
        name: INVOICE_COLLECT_JOB,
        data: { merchantId: w.merchantB, invoiceId: invoice?.id },
        singletonKey: invoice?.id,
      },
    ]);

    // Once tried, a later run of the build job queues nothing more.
    await collectInvoice({ tenantDb, clock, provider: billing }, w.merchantB, invoice?.id ?? '');
    await build.work(data, {} as never);
    expect(sent.filter((job) => job.name === INVOICE_COLLECT_JOB)).toHaveLength(1);
  });
});
