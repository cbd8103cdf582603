import type { FastifyBaseLogger } from 'fastify';
import type { TenantDb } from '../access/tenant-db.ts';
import type { BillingProvider } from '../adapters/billing/billing-port.ts';
import type { Mailer } from '../adapters/mail/mail-port.ts';
import type { FileStorage } from '../adapters/storage/storage-port.ts';
import type { Clock } from '../clock.ts';
import { eodMakeJob, eodScheduleJob } from '../modules/eod-reports/eod-jobs.ts';
import {
  invoiceBuildJob,
  invoiceCollectJob,
  invoiceDebitCheckJob,
  invoiceScheduleJob,
} from '../modules/invoices/invoice-jobs.ts';
import { createPaymentSettlement } from '../modules/invoices/payment-settlement.ts';
import { payoutBankJob, payoutBuildJob, payoutScheduleJob } from '../modules/payouts/payout-jobs.ts';
import { reportGenerateJob } from '../modules/reports/report-jobs.ts';
import { churnSweepJob } from '../modules/staff/churn-job.ts';
import type { AnyJobDefinition, JobQueue } from './queue.ts';

export interface JobDeps {
  tenantDb: TenantDb;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  send: JobQueue['send'];
  /** The billing provider invoices are collected through (the simulator unless Stripe is configured). */
  billing: BillingProvider;
  /** Where report files are written (the local folder unless object storage is configured). */
  storage: FileStorage;
  /** Tells billing contacts about a failed Direct Debit. */
  mailer: Mailer;
  /** The portal's address, for links in e-mails. */
  portalUrl: string;
}

/**
 * Every job the application runs, in one list: the API process (`npm start`) and `npm run worker` both open
 * the queue with it. To add a job, write `defineJob({ name, queue?, schedule?, work })` next to the module it
 * belongs to and add it here (apps/api/README.md, "Jobs").
 */
export function jobDefinitions(deps: JobDeps): AnyJobDefinition[] {
  const settlement = createPaymentSettlement(deps);
  return [
    churnSweepJob(deps),
    payoutScheduleJob(deps),
    payoutBuildJob(deps),
    payoutBankJob(deps),
    invoiceScheduleJob(deps),
    invoiceBuildJob(deps),
    invoiceCollectJob({ ...deps, settlement }),
    invoiceDebitCheckJob({ ...deps, settlement }),
    reportGenerateJob(deps),
    eodScheduleJob(deps),
    eodMakeJob(deps),
  ];
}
