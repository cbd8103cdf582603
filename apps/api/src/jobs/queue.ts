import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, type Job, PgBoss, type Queue, type QueueOptions } from 'pg-boss';
import type { Database } from '../db/client.ts';

/**
 * One kind of job (DESIGN §4 Jobs): its queue's retry policy, an optional cron schedule and the work. `work`
 * must be idempotent: a worker killed half-way leaves its transaction rolled back, and the job runs again
 * once it expires (`expireInSeconds`) or fails.
 */
export interface JobDefinition<T extends object = object> {
  name: string;
  /** Queue options over DEFAULT_QUEUE_OPTIONS; `policy` (e.g. 'exclusive') is fixed when the queue is created. */
  queue?: Omit<Queue, 'name'>;
  /** A cron expression evaluated in `tz` (UTC by default); the queue gets one job per occurrence. */
  schedule?: { cron: string; tz?: string; data?: T };
  work(data: T, job: Job<T>): Promise<void>;
}

/** A job kind with its data type erased, as queues hold them (job data arrives from the database untyped). */
export type AnyJobDefinition = JobDefinition<object>;

export function defineJob<T extends object>(definition: JobDefinition<T>): AnyJobDefinition {
  return definition as unknown as AnyJobDefinition;
}

/** Retries with backoff unless a job says otherwise: 5 tries, 10 s, 20 s, 40 s, … capped at 10 minutes. */
export const DEFAULT_QUEUE_OPTIONS: QueueOptions = {
  retryLimit: 5,
  retryDelay: 10,
  retryBackoff: true,
  retryDelayMax: 600,
  expireInSeconds: 900,
};

export interface JobQueueOptions {
  database: Database;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The jobs to create queues for (and to work, with `work`); they may send jobs themselves. */
  definitions: (send: JobQueue['send']) => readonly AnyJobDefinition[] | Promise<readonly AnyJobDefinition[]>;
  /** Work the queues in this process (and keep cron schedules and expiry running), or only send jobs. */
  work: boolean;
  /** Seconds between a worker's polls (default 2) and between supervision passes that expire jobs. */
  pollingIntervalSeconds?: number;
  superviseIntervalSeconds?: number;
}

export interface JobQueue {
  /**
   * Queues a job; with a singleton key a second send for the same key while one waits or runs is dropped. A
   * worker takes a queue's waiting jobs highest `priority` first (default 0), oldest first within a priority.
   * With a `priority` and a singleton key, a job already waiting for the key is not kept as it was: it takes
   * this send's data and priority (a send while one runs is still dropped).
   */
  send<T extends object>(
    name: string,
    data: T,
    options?: { singletonKey?: string; startAfter?: Date; priority?: number },
  ): Promise<string | null>;
  /** The underlying pg-boss instance, for tests and the worker entry point. */
  boss: PgBoss;
  stop(): Promise<void>;
}

/**
 * Opens the pg-boss queue in the application's database: its own small pool on PostgreSQL, the same
 * single-connection instance on PGlite (pg-boss's `fromPglite` adapter). Creates the schema and the queues
 * of `definitions` on first use.
 */
export async function openJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { database, log, work } = options;
  const connection = database.jobConnection;
  const boss = new PgBoss({
    ...('pglite' in connection
      ? { db: fromPglite(connection.pglite), backend: 'pglite' as const }
      : { connectionString: connection.connectionString, max: 4 }),
    schema: 'pgboss',
    supervise: work,
    schedule: work,
    // Expiry runs in the monitor pass, which the queue row gates by monitorIntervalSeconds across instances.
    superviseIntervalSeconds: options.superviseIntervalSeconds ?? 60,
    monitorIntervalSeconds: options.superviseIntervalSeconds ?? 60,
    cronWorkerIntervalSeconds: 30,
    monitorVacuum: false,
    reindex: false,
  });
  boss.on('error', (error) => log.error({ err: error }, 'jobs: queue error'));

  const send: JobQueue['send'] = async (name, data, sendOptions = {}) => {
    const jobOptions = {
      ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
      ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
      ...(sendOptions.priority ? { priority: sendOptions.priority } : {}),
    };
    // A job sent with a priority must not wait behind one of lower priority for its own key, which would keep
    // it dropped: the waiting one takes this job's data and priority instead (pg-boss's upsert).
    if (sendOptions.priority && sendOptions.singletonKey) {
      const { jobs } = await boss.upsert(name, data, jobOptions);
      return jobs[0] ?? null;
    }
    return boss.send(name, data, jobOptions);
  };
  const definitions = await options.definitions(send);

  await boss.start();
  const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
  for (const definition of definitions) {
    const { policy, partition, deadLetter, retryDelayMax, heartbeatSeconds, ...updatable } = {
      ...DEFAULT_QUEUE_OPTIONS,
      ...definition.queue,
    };
    if (existing.has(definition.name)) await boss.updateQueue(definition.name, updatable);
    else
      await boss.createQueue(definition.name, {
        ...updatable,
        ...(policy ? { policy } : {}),
        ...(partition ? { partition } : {}),
        ...(deadLetter ? { deadLetter } : {}),
        ...(retryDelayMax ? { retryDelayMax } : {}),
        ...(heartbeatSeconds ? { heartbeatSeconds } : {}),
      });
  }

  if (work) {
    for (const definition of definitions) {
      await boss.work<object>(
        definition.name,
        { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 },
        async (jobs) => {
          for (const job of jobs) {
            try {
              await definition.work(job.data, job);
            } catch (error) {
              log.warn(
                { err: error, job: definition.name, jobId: job.id, retryCount: job.retryCount },
                'jobs: attempt failed; it will be retried',
              );
              throw error;
            }
          }
        },
      );
      if (definition.schedule) {
        await boss.schedule(definition.name, definition.schedule.cron, definition.schedule.data ?? {}, {
          tz: definition.schedule.tz ?? 'UTC',
        });
      }
    }
    log.info({ queues: definitions.map((definition) => definition.name) }, 'jobs: working the queues');
  }

  return {
    boss,
    send,
    stop: () => boss.stop({ graceful: true, timeout: 8_000, close: true }),
  };
}
