import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TenantDb } from '../../access/tenant-db.ts';
import type { Mailer } from '../../adapters/mail/mail-port.ts';
import type { FileStorage } from '../../adapters/storage/storage-port.ts';
import type { Clock } from '../../clock.ts';
import { merchants, users } from '../../db/schema/index.ts';
import { defineJob } from '../../jobs/queue.ts';
import { canCopyReport, copyTransactionsReport } from './report-copy.ts';
import { REPORT_BATCH_SIZE, type ReportSource, reportCsv, reportRows } from './report-csv.ts';
import { REPORT_WATCH_SECONDS, reportReadyEmail } from './report-ready-email.ts';
import { reportsRepository as repo } from './repository.ts';

export const REPORT_GENERATE_JOB = 'reports.generate';

export interface GenerateReportData {
  merchantId: string;
  reportId: string;
}

export interface ReportJobDeps {
  tenantDb: TenantDb;
  clock: Clock;
  storage: FileStorage;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Where the report-ready e-mail goes out (none: no e-mail), and the portal its link points into. */
  mailer?: Mailer | undefined;
  portalUrl?: string | undefined;
  /**
   * How a transactions report of a date range is written: by PostgreSQL's COPY where the database has it (the
   * default), or through the keyset cursor as on PGlite (`cursor`: the tests compare the two files).
   */
  exportPath?: 'copy' | 'cursor' | undefined;
}

/** Where a report's file lives in the store. */
export const reportFileKey = (merchantId: string, reportId: string) =>
  `reports/${merchantId}/${reportId}.csv`;

/** The reason an ERROR report shows (the cause goes to the log, not to the user). */
export const REPORT_FAILED_REASON = 'The report could not be generated. Please request it again.';

/** Attempts of reports.generate after the first: a database fault is retried with backoff before ERROR. */
export const REPORT_RETRY_LIMIT = 3;

/** How long one attempt of reports.generate may run before the queue counts its worker dead and retries it. */
export const REPORT_JOB_EXPIRE_SECONDS = 1800;

/**
 * A PROCESSING report untouched this long has no live job: an attempt writes it as it starts and as its progress
 * moves, and lasts at most REPORT_JOB_EXPIRE_SECONDS before its retry starts (backoff 30 s, 60 s, 120 s). Every
 * attempt's full expiry plus an hour for the delays and a busy queue is far beyond that gap. A NEW report untouched
 * this long was never taken by a job (a worker takes a queued one within seconds): its job was never queued.
 */
export const REPORT_STUCK_AFTER_SECONDS = (REPORT_RETRY_LIMIT + 1) * REPORT_JOB_EXPIRE_SECONDS + 3600;

export const REPORT_STUCK_SWEEP_JOB = 'reports.fail-stuck';

/**
 * Makes one report's CSV: NEW → PROCESSING (progress in percent as batches are written) → READY, or ERROR with
 * a reason. Idempotent: a READY or ERROR report is left alone; one left PROCESSING by a worker that died is
 * made again from the start (the file is replaced whole, never appended to). A failed attempt that is not the
 * last (`attempt.last` false) leaves the report PROCESSING and throws, so the queue retries it with backoff;
 * only the last attempt marks it ERROR.
 */
export async function generateReport(
  deps: ReportJobDeps,
  { merchantId, reportId }: GenerateReportData,
  attempt: { last: boolean } = { last: true },
) {
  const found = await deps.tenantDb.forMerchant(merchantId, async (tx) => {
    const report = await repo.get(tx, merchantId, reportId);
    const [merchant] = await tx
      .select({ timeZone: merchants.timeZone })
      .from(merchants)
      .where(eq(merchants.id, merchantId));
    return report && merchant ? { report, timeZone: merchant.timeZone } : undefined;
  });
  if (!found || found.report.state === 'READY' || found.report.state === 'ERROR') return;
  const { report, timeZone } = found;
  const update = (values: Parameters<typeof repo.update>[3]) =>
    deps.tenantDb.forMerchant(merchantId, (tx) => repo.update(tx, merchantId, reportId, values));

  await update({ state: 'PROCESSING', progress: 0 });
  let madeReady = false;
  try {
    const source: ReportSource = {
      merchantId,
      type: report.type,
      timeZone,
      siteIds: report.siteIds,
      params: report.params,
    };
    const key = reportFileKey(merchantId, reportId);
    const { sizeBytes, rowCount } =
      deps.exportPath !== 'cursor' && canCopyReport(deps.tenantDb, source)
        ? await copyReport(deps, source, key, update)
        : await cursorReport(deps, source, key, update);
    // Only the run that makes it READY announces it: a duplicate run at once (a first run that outlived its
    // expiry) writes the same file and must not e-mail the requester twice.
    madeReady = await update({
      state: 'READY',
      progress: 100,
      filePath: key,
      fileSizeBytes: sizeBytes,
      rowCount,
      completedAt: deps.clock.now(),
    });
  } catch (error) {
    if (!attempt.last) {
      deps.log.warn({ err: error, reportId }, 'reports: generation failed; it will be retried');
      throw error;
    }
    deps.log.error({ err: error, reportId }, 'reports: generation failed');
    await update({ state: 'ERROR', error: REPORT_FAILED_REASON, completedAt: deps.clock.now() });
    return;
  }
  if (!madeReady) return;
  await announceIfLeft(deps, report).catch((error: unknown) =>
    deps.log.warn({ err: error, reportId }, 'reports: the report-ready e-mail could not be sent'),
  );
}

type ReportUpdate = (values: Parameters<typeof repo.update>[3]) => Promise<unknown>;

/** The rows read in keyset batches, formatted in Node and written by csv-stringify (PGlite; other report types). */
async function cursorReport(deps: ReportJobDeps, source: ReportSource, key: string, update: ReportUpdate) {
  const rows = await reportRows(deps.tenantDb, source);
  let rowCount = 0;
  const csv = reportCsv(rows, async (written) => {
    rowCount = written;
    // Once per batch: enough for a progress bar, few writes.
    if (written % REPORT_BATCH_SIZE === 0 && rows.total > 0)
      await update({ progress: Math.min(99, Math.floor((written / rows.total) * 100)) });
  });
  const { sizeBytes } = await deps.storage.write(key, csv);
  return { sizeBytes, rowCount };
}

/** Least time between two progress writes of a COPY export: the list polls every few seconds. */
const PROGRESS_EVERY_MS = 500;

/**
 * PostgreSQL writes the CSV itself (report-copy.ts). Progress is written when the percent has moved and half a
 * second has passed, one write at a time and never holding the COPY up; a failed progress write is logged and
 * the next one tries again.
 */
async function copyReport(deps: ReportJobDeps, source: ReportSource, key: string, update: ReportUpdate) {
  let shown = 0;
  let shownAt = 0;
  let writing: Promise<unknown> = Promise.resolve();
  const result = await copyTransactionsReport(
    deps.tenantDb,
    source,
    (written, total) => {
      const percent = total > 0 ? Math.min(99, Math.floor((written / total) * 100)) : 0;
      const now = performance.now();
      if (percent <= shown || now - shownAt < PROGRESS_EVERY_MS) return;
      shown = percent;
      shownAt = now;
      writing = writing.then(() =>
        update({ progress: percent }).catch((error: unknown) =>
          deps.log.warn({ err: error }, 'reports: progress could not be written'),
        ),
      );
    },
    (body) => deps.storage.write(key, body),
  );
  await writing;
  return result;
}

/**
 * A READY report whose requester is no longer on the reports page (no list call has marked it watched for
 * REPORT_WATCH_SECONDS) is announced by e-mail, in the requester's language, linking to the download page.
 */
async function announceIfLeft(
  deps: ReportJobDeps,
  report: { id: string; type: string; requestedBy: string | null; merchantId: string },
) {
  if (!deps.mailer || !deps.portalUrl || !report.requestedBy) return;
  const requestedBy = report.requestedBy;
  const watchedAt = await deps.tenantDb.forMerchant(report.merchantId, async (tx) => {
    const row = await repo.get(tx, report.merchantId, report.id);
    return (row?.params as { watchedAt?: string } | undefined)?.watchedAt;
  });
  const now = deps.clock.now().getTime();
  if (watchedAt && now - new Date(watchedAt).getTime() < REPORT_WATCH_SECONDS * 1000) return;
  // The requester's address and language: a system read of the user row (no merchant context needed).
  const [user] = await deps.tenantDb.acrossMerchants((tx) =>
    tx.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, requestedBy)),
  );
  if (!user) return;
  await deps.mailer.send(reportReadyEmail(user.email, user.locale, report, deps.portalUrl));
}

/**
 * Reports left PROCESSING by a worker that died on the last attempt (no retry follows, nothing marks them ERROR),
 * or left NEW by a process that died between the request and queueing its job, become ERROR once
 * REPORT_STUCK_AFTER_SECONDS have passed since their last write; their count.
 */
export async function failStuckReports(
  deps: Pick<ReportJobDeps, 'tenantDb' | 'clock' | 'log'>,
): Promise<number> {
  const now = deps.clock.now();
  const before = new Date(now.getTime() - REPORT_STUCK_AFTER_SECONDS * 1000);
  const failed = await deps.tenantDb.acrossMerchants((tx) =>
    repo.failStuck(tx, before, now, REPORT_FAILED_REASON),
  );
  if (failed > 0) deps.log.warn({ failed }, 'reports: reports left PROCESSING by a dead worker marked ERROR');
  return failed;
}

/** Hourly (and at start): the sweep of reports stuck in PROCESSING. */
export function reportStuckSweepJob(deps: Pick<ReportJobDeps, 'tenantDb' | 'clock' | 'log'>) {
  return defineJob({
    name: REPORT_STUCK_SWEEP_JOB,
    schedule: { cron: '25 * * * *' },
    async work() {
      await failStuckReports(deps);
    },
  });
}

export function reportGenerateJob(deps: ReportJobDeps) {
  return defineJob<GenerateReportData>({
    name: REPORT_GENERATE_JOB,
    // A large range takes a while; a worker that dies mid-way is noticed after expiry and the job runs again.
    queue: {
      retryLimit: REPORT_RETRY_LIMIT,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: REPORT_JOB_EXPIRE_SECONDS,
    },
    work: (data, job) => generateReport(deps, data, { last: job.retryCount >= REPORT_RETRY_LIMIT }),
  });
}
