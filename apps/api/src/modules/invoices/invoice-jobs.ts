import { addDays, calendarDateIn } from '@mp/domain/trading-day';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TenantDb } from '../../access/tenant-db.ts';
import type { BillingProvider } from '../../adapters/billing/billing-port.ts';
import type { Clock } from '../../clock.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { defineJob } from '../../jobs/queue.ts';
import { payoutDaysToBuild } from '../payouts/days-to-build.ts';
import { collectInvoice, processingPayment } from './collection.ts';
import { buildMonthlyInvoice, previousMonth } from './invoice-builder.ts';
import {
  INVOICE_BUILD_JOB,
  INVOICE_COLLECT_JOB,
  INVOICE_DEBIT_CHECK_JOB,
  INVOICE_SCHEDULE_JOB,
  invoiceBuildKey,
} from './invoice-job-names.ts';
import type { PaymentSettlement } from './payment-settlement.ts';
import { issueStripeInvoice } from './stripe-invoice.ts';

export {
  INVOICE_BUILD_JOB,
  INVOICE_COLLECT_JOB,
  INVOICE_DEBIT_CHECK_JOB,
  INVOICE_SCHEDULE_JOB,
  invoiceBuildKey,
};

interface InvoiceJobDeps {
  tenantDb: TenantDb;
  clock: Clock;
  send: JobQueue['send'];
  billing: BillingProvider;
  log?: Pick<FastifyBaseLogger, 'info'>;
}

interface SettlementDeps extends InvoiceJobDeps {
  settlement: PaymentSettlement;
}

interface BuildMonthData {
  merchantId: string;
  month: string;
}
interface CollectData {
  merchantId: string;
  invoiceId: string;
}

/**
 * Daily at 06:00 UTC (and at start): every merchant that is not churned gets a build job for the month before
 * its current calendar month, keyed by merchant and month. Most days the build finds the invoice and stops; a
 * month whose payout days are not all built yet waits for the build of its last one (payout-jobs.ts) or a later
 * run. The month before that is asked for too while it has no invoice: a month still waiting when the next one
 * ends (a payout day failing for good, a payout worker down for weeks) is ready at the latest once its days
 * leave the payout schedule's 35-day reach, early in the month after next (decision 0134). A one-off invoice
 * never tried gets its collection job (keyed by the invoice, so one that waits is not doubled).
 */
export function invoiceScheduleJob(deps: InvoiceJobDeps) {
  return defineJob({
    name: INVOICE_SCHEDULE_JOB,
    schedule: { cron: '0 6 * * *' },
    async work() {
      const now = deps.clock.now();
      // The month before last starts at most ~92 days ago: summaries since then, per merchant.
      const since = addDays(calendarDateIn(now, 'UTC'), -100);
      const merchants = await deps.tenantDb.acrossMerchants(async (tx) => {
        const result = await tx.execute(sql`
          select m.id, m.time_zone,
                 (select string_agg(to_char(i.period_start, 'YYYY-MM'), ',') from invoices i
                   where i.merchant_id = m.id and i.display_type = 'billing_summary'
                     and i.period_start >= ${since}) as billed
            from merchants m where m.status <> 'churned'`);
        return (result as unknown as { rows: { id: string; time_zone: string; billed: string | null }[] })
          .rows;
      });
      for (const merchant of merchants) {
        const month = previousMonth(calendarDateIn(now, merchant.time_zone));
        const before = previousMonth(`${month}-01`);
        const billed = new Set(merchant.billed ? merchant.billed.split(',') : []);
        for (const wanted of billed.has(before) ? [month] : [month, before])
          await deps.send(
            INVOICE_BUILD_JOB,
            { merchantId: merchant.id, month: wanted } satisfies BuildMonthData,
            { singletonKey: invoiceBuildKey(merchant.id, wanted) },
          );
      }
      // One-off invoices never tried: their collection job was not queued when they were raised (one-off.ts).
      const untried = await deps.tenantDb.acrossMerchants(async (tx) => {
        const result = await tx.execute(sql`
          select merchant_id, id from invoices
           where display_type = 'yeti_invoice' and status = 'open' and collection_attempts = 0
             and payment_status is null`);
        return (result as unknown as { rows: { merchant_id: string; id: string }[] }).rows;
      });
      for (const invoice of untried)
        await deps.send(
          INVOICE_COLLECT_JOB,
          { merchantId: invoice.merchant_id, invoiceId: invoice.id } satisfies CollectData,
          { singletonKey: invoice.id },
        );
    },
  });
}

/**
 * Builds one merchant's invoice for one month (idempotent) and queues its collection, once the month's ledger is
 * complete: while the payout job may still build a trading day of the month for any of the merchant's sites
 * (payoutDaysToBuild: a window that closes after 06:00 UTC on the 1st, a payout worker behind, a restart just
 * after midnight), nothing is built and the month waits for the payout build of its last day or the next daily
 * run (decision 0134). With Stripe Invoicing the month is billed by a Stripe invoice instead (stripe-invoice.ts,
 * decision 0091): that invoice is the collection, so no collect job is queued for the summary. It is asked for on
 * every run: a run that found the summary issues the Stripe invoice a failed run left out (no payment method
 * yet), and one already issued calls nothing.
 */
export function invoiceBuildJob(deps: InvoiceJobDeps) {
  return defineJob<BuildMonthData>({
    name: INVOICE_BUILD_JOB,
    queue: { policy: 'exclusive', expireInSeconds: 600 },
    async work({ merchantId, month }) {
      const now = deps.clock.now();
      const built = await deps.tenantDb.forMerchant(merchantId, (tx) =>
        buildMonthlyInvoice(tx, merchantId, month, now, {
          ready: async (tx, period) => {
            const days = await payoutDaysToBuild(
              tx,
              merchantId,
              { from: period.periodStart, to: period.periodEnd },
              now,
            );
            if (days.length > 0)
              deps.log?.info(
                { merchantId, month, waitingFor: days.slice(0, 5), days: days.length },
                'invoices: the month waits for its payout days',
              );
            return days.length === 0;
          },
        }),
      );
      if (built.waiting) return;
      if (deps.billing.invoicing) {
        if (built.invoiceId)
          await issueStripeInvoice(
            { tenantDb: deps.tenantDb, clock: deps.clock, provider: deps.billing },
            merchantId,
            built.invoiceId,
          );
        return;
      }
      // A new invoice, or one a run before created but could not queue (the queue refused the job after the
      // commit, or the worker died between the two): the job's retry or the next daily run queues it.
      if (built.neverTried && built.invoiceId) {
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

const COLLECT_RETRY_LIMIT = 5;
const COLLECT_RETRY_DELAY_S = 3600;
const COLLECT_RETRY_DELAY_MAX_S = 86_400;

/**
 * When the queue runs a failed collection again at the latest: pg-boss waits retryDelay × 2^(n+1) × (½ … 1)
 * seconds (jitter), capped at retryDelayMax; null after the last try.
 */
export function collectRetryBy(now: Date, job: { retryCount?: number; retryLimit?: number }): Date | null {
  const retryCount = job.retryCount ?? 0;
  if (retryCount >= (job.retryLimit ?? COLLECT_RETRY_LIMIT)) return null;
  const seconds = Math.min(COLLECT_RETRY_DELAY_MAX_S, COLLECT_RETRY_DELAY_S * 2 ** (retryCount + 1));
  return new Date(now.getTime() + seconds * 1000);
}

/**
 * Collects an invoice through the billing port. A decline marks it overdue and throws, so the queue retries:
 * 5 tries, 1 h, 2 h, 4 h, … apart (a card topped up, a payment method added in the meantime); a declined card
 * is told to the billing contact by e-mail once per attempt (each run is one attempt: recordCollection counts
 * it). A Direct Debit comes back processing: a check job is queued for when the provider should know its
 * outcome.
 */
export function invoiceCollectJob(deps: SettlementDeps) {
  return defineJob<CollectData>({
    name: INVOICE_COLLECT_JOB,
    queue: {
      policy: 'exclusive',
      retryLimit: COLLECT_RETRY_LIMIT,
      retryDelay: COLLECT_RETRY_DELAY_S,
      retryBackoff: true,
      retryDelayMax: COLLECT_RETRY_DELAY_MAX_S,
    },
    async work({ merchantId, invoiceId }, job) {
      const outcome = await collectInvoice(
        { tenantDb: deps.tenantDb, clock: deps.clock, provider: deps.billing },
        merchantId,
        invoiceId,
      );
      if (outcome.status === 'processing') {
        await deps.send(INVOICE_DEBIT_CHECK_JOB, { merchantId, invoiceId } satisfies CollectData, {
          singletonKey: `${invoiceId}:${outcome.providerPaymentId}`,
          startAfter: new Date(deps.clock.now().getTime() + deps.billing.debitCheckAfterMs),
        });
        return;
      }
      if (outcome.status === 'failed') {
        await deps.settlement.cardDeclined(merchantId, invoiceId, {
          reason: outcome.reason,
          retryAt: collectRetryBy(deps.clock.now(), job ?? {}),
        });
        throw new Error(
          `invoice ${invoiceId} not collected (attempt ${outcome.attempts}): ${outcome.reason}`,
        );
      }
    },
  });
}

/**
 * Asks the billing provider how an invoice's processing Direct Debit stands and settles it (paid, or failed:
 * overdue, e-mail, retry; payment-settlement.ts). Still processing: throws, so the queue asks again
 * `debitCheckAfterMs` later, up to 14 times. Stripe's webhook usually settles the payment first; then this
 * finds nothing processing and stops.
 */
export function invoiceDebitCheckJob(deps: SettlementDeps) {
  return defineJob<CollectData>({
    name: INVOICE_DEBIT_CHECK_JOB,
    queue: {
      policy: 'exclusive',
      retryLimit: 14,
      // A constant interval: backoff capped at the delay itself.
      retryDelay: Math.max(1, Math.round(deps.billing.debitCheckAfterMs / 1000)),
      retryBackoff: true,
      retryDelayMax: Math.max(1, Math.round(deps.billing.debitCheckAfterMs / 1000)),
    },
    async work({ merchantId, invoiceId }) {
      const payment = await deps.tenantDb.forMerchant(merchantId, (tx) =>
        processingPayment(tx, merchantId, invoiceId),
      );
      if (!payment) return;
      const result = await deps.billing.paymentStatus(payment, deps.clock.now());
      const outcome = await deps.settlement.settle(merchantId, invoiceId, result);
      if (outcome.status === 'processing')
        throw new Error(`invoice ${invoiceId}: payment ${payment.providerPaymentId} still processing`);
    },
  });
}
