import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTenantDb } from '../access/tenant-db.ts';
import { type BillingProvider, createSimulatedBillingProvider } from '../adapters/billing/billing-port.ts';
import type { Mailer } from '../adapters/mail/mail-port.ts';
import { createOutboxMailer } from '../adapters/mail/outbox-mailer.ts';
import { createLocalFileStorage } from '../adapters/storage/local-file-storage.ts';
import type { FileStorage } from '../adapters/storage/storage-port.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { jobDefinitions } from './definitions.ts';
import type { JobModuleName } from './job-modules.ts';
import { type JobQueue, openJobQueue } from './queue.ts';

/**
 * Opens the application's job queue. With `work`, this process works every queue and runs the cron
 * schedules; the sweeps also run once at start so nothing waits for the first cron tick after a restart.
 */
export async function startJobs(options: {
  database: Database;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  work: boolean;
  /** The billing provider invoices are collected through; the simulated one by default. */
  billing?: BillingProvider;
  /** Where report files go; a temporary folder when not given (tests that make no reports). */
  storage?: FileStorage;
  /** Billing e-mails (a failed Direct Debit); the outbox when not given. */
  mailer?: Mailer;
  /** PUBLIC_URL, for links in e-mails. */
  portalUrl?: string;
  pollingIntervalSeconds?: number;
  superviseIntervalSeconds?: number;
  /** The job modules whose queues this process opens and works (JOBS_MODULES); every one by default. */
  modules?: readonly JobModuleName[];
}): Promise<JobQueue> {
  const tenantDb = createTenantDb(options.database);
  let sweeps: string[] = [];
  const queue = await openJobQueue({
    database: options.database,
    log: options.log,
    work: options.work,
    ...(options.pollingIntervalSeconds ? { pollingIntervalSeconds: options.pollingIntervalSeconds } : {}),
    ...(options.superviseIntervalSeconds
      ? { superviseIntervalSeconds: options.superviseIntervalSeconds }
      : {}),
    definitions: async (send) => {
      const loaded = await jobDefinitions(
        {
          tenantDb,
          clock: options.clock,
          log: options.log,
          send,
          billing: options.billing ?? createSimulatedBillingProvider(),
          storage:
            options.storage ?? createLocalFileStorage({ root: join(tmpdir(), `mp-files-${process.pid}`) }),
          mailer: options.mailer ?? createOutboxMailer({ db: options.database.db, printBodies: false }),
          portalUrl: options.portalUrl ?? 'http://localhost:3000',
        },
        options.modules,
      );
      sweeps = loaded.sweeps;
      return loaded.definitions;
    },
  });
  if (options.work) for (const sweep of sweeps) await queue.send(sweep, {});
  return queue;
}
