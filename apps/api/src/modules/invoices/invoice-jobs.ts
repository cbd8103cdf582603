import { calendarDateIn } from '@mp/domain/trading-day';
import { sql } from 'drizzle-orm';
import type { TenantDb } from '../../access/tenant-db.ts';
import type { BillingProvider } from '../../adapters/billing/billing-port.ts';
import type { Clock } from '../../clock.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { defineJob } from '../../jobs/queue.ts';
import { collectInvoice } from './collection.ts';
import { buildMonthlyInvoice, previousMonth } from './invoice-builder.ts';

export const INVOICE_SCHEDULE_JOB = 'invoices.schedule-month';
export const INVOICE_BUILD_JOB = 'invoices.build-month';
export const INVOICE_COLLECT_JOB = 'invoices.collect';

interface InvoiceJobDeps {
  tenantDb: TenantDb;
  clock: Clock;
  send: JobQueue['send'];
  billing: BillingProvider;
}

interface BuildMonthData {
  merchantId: string;
  month: string;
}
interface CollectData {
  merchantId: string;
  invoiceId: string;
}

/** The build job's singleton key: one job per merchant and month waits or runs at a time. */
export const invoiceBuildKey = (merchantId: string, month: string) => `${merchantId}:${month}`;

/**
 * Daily at 06:00 UTC (and at start): every merchant that is not churned gets a build job for the month before
 * its current calendar month, keyed by merchant and month. Most days the build finds the invoice and stops.
 */
export function invoiceScheduleJob(deps: InvoiceJobDeps) {
  return defineJob({
    name: INVOICE_SCHEDULE_JOB,
    schedule: { cron: '0 6 * * *' },
    async work() {
      const now = deps.clock.now();
      const merchants = await deps.tenantDb.acrossMerchants(async (tx) => {
        const result = await tx.execute(sql`
          select id, time_zone from merchants where status <> 'churned'`);
        return (result as unknown as { rows: { id: string; time_zone: string }[] }).rows;
      });
      for (const merchant of merchants) {
        const month = previousMonth(calendarDateIn(now, merchant.time_zone));
        await deps.send(INVOICE_BUILD_JOB, { merchantId: merchant.id, month } satisfies BuildMonthData, {
          singletonKey: invoiceBuildKey(merchant.id, month),
        });
      }
    },
  });
}

/** Builds one merchant's invoice for one month (idempotent) and queues its collection. */
export function invoiceBuildJob(deps: InvoiceJobDeps) {
  return defineJob<BuildMonthData>({
    name: INVOICE_BUILD_JOB,
    queue: { policy: 'exclusive', expireInSeconds: 600 },
    async work({ merchantId, month }) {
      const built = await deps.tenantDb.forMerchant(merchantId, (tx) =>
        buildMonthlyInvoice(tx, merchantId, month, deps.clock.now()),
      );
      if (built.created && built.invoiceId) {
        await deps.send(
          INVOICE_COLLECT_JOB,
          { merchantId, invoiceId: built.invoiceId } satisfies CollectData,
          {
            singletonKey: built.invoiceId,
          },
        );
      }
    },
  });
}

/**
 * Collects an invoice through the billing port. A decline marks it overdue and throws, so the queue retries:
 * 5 tries, 1 h, 2 h, 4 h, … apart (a card topped up, a payment method added in the meantime).
 */
export function invoiceCollectJob(deps: InvoiceJobDeps) {
  return defineJob<CollectData>({
    name: INVOICE_COLLECT_JOB,
    queue: {
      policy: 'exclusive',
      retryLimit: 5,
      retryDelay: 3600,
      retryBackoff: true,
      retryDelayMax: 86_400,
    },
    async work({ merchantId, invoiceId }) {
      const outcome = await collectInvoice(
        { tenantDb: deps.tenantDb, clock: deps.clock, provider: deps.billing },
        merchantId,
        invoiceId,
      );
      if (outcome.status === 'failed') {
        throw new Error(
          `invoice ${invoiceId} not collected (attempt ${outcome.attempts}): ${outcome.reason}`,
        );
      }
    },
  });
}
