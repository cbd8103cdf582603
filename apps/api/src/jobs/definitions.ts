import type { FastifyBaseLogger } from 'fastify';
import type { TenantDb } from '../access/tenant-db.ts';
import type { BillingProvider } from '../adapters/billing/billing-port.ts';
import type { Mailer } from '../adapters/mail/mail-port.ts';
import type { FileStorage } from '../adapters/storage/storage-port.ts';
import type { Clock } from '../clock.ts';
import { JOB_MODULE_NAMES, type JobModuleName } from './job-modules.ts';
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

/** A module's jobs and the sweeps to send once when a process starts working them. */
interface JobModule {
  definitions: AnyJobDefinition[];
  /** Scheduled jobs that also run once at start, so nothing waits for the first cron tick after a restart. */
  sweeps: string[];
}

/**
 * Every job the application runs, by module (a module's queues are named `<module>.…`): the API process
 * (`npm start`) and `npm run worker` both open the queue with them. Each module's code is imported only when a
 * process works (or sends to) its queues, so a worker given JOBS_MODULES=reports loads no payout, invoice or
 * churn code. To add a job, write `defineJob({ name, queue?, schedule?, work })` next to the module it belongs
 * to and return it here (apps/api/README.md, "Jobs").
 */
export const JOB_MODULES = {
  staff: async (deps: JobDeps): Promise<JobModule> => {
    const { churnSweepJob, CHURN_SWEEP_JOB } = await import('../modules/staff/churn-job.ts');
    return { definitions: [churnSweepJob(deps)], sweeps: [CHURN_SWEEP_JOB] };
  },
  payouts: async (deps: JobDeps): Promise<JobModule> => {
    const jobs = await import('../modules/payouts/payout-jobs.ts');
    return {
      definitions: [jobs.payoutScheduleJob(deps), jobs.payoutBuildJob(deps), jobs.payoutBankJob(deps)],
      sweeps: [jobs.PAYOUT_SCHEDULE_JOB],
    };
  },
  invoices: async (deps: JobDeps): Promise<JobModule> => {
    const jobs = await import('../modules/invoices/invoice-jobs.ts');
    const { createPaymentSettlement } = await import('../modules/invoices/payment-settlement.ts');
    const settlement = createPaymentSettlement(deps);
    return {
      definitions: [
        jobs.invoiceScheduleJob(deps),
        jobs.invoiceBuildJob(deps),
        jobs.invoiceCollectJob({ ...deps, settlement }),
        jobs.invoiceDebitCheckJob({ ...deps, settlement }),
      ],
      sweeps: [jobs.INVOICE_SCHEDULE_JOB],
    };
  },
  reports: async (deps: JobDeps): Promise<JobModule> => {
    const jobs = await import('../modules/reports/report-jobs.ts');
    return {
      definitions: [jobs.reportGenerateJob(deps), jobs.reportStuckSweepJob(deps)],
      sweeps: [jobs.REPORT_STUCK_SWEEP_JOB],
    };
  },
  'eod-reports': async (deps: JobDeps): Promise<JobModule> => {
    const jobs = await import('../modules/eod-reports/eod-jobs.ts');
    return {
      definitions: [jobs.eodScheduleJob(deps), jobs.eodMakeJob(deps)],
      sweeps: [jobs.EOD_SCHEDULE_JOB],
    };
  },
} satisfies Record<JobModuleName, (deps: JobDeps) => Promise<JobModule>>;

/** The jobs of `modules` (every module by default), their code imported now. */
export async function jobDefinitions(
  deps: JobDeps,
  modules: readonly JobModuleName[] = JOB_MODULE_NAMES,
): Promise<JobModule> {
  const loaded = await Promise.all(modules.map((name) => JOB_MODULES[name](deps)));
  return {
    definitions: loaded.flatMap((module) => module.definitions),
    sweeps: loaded.flatMap((module) => module.sweeps),
  };
}
