import { addDays, calendarDateIn, closedTradingDaysToMake, tradingDayBounds } from '@mp/domain/trading-day';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Job } from 'pg-boss';
import type { TenantDb } from '../../access/tenant-db.ts';
import type { Clock } from '../../clock.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { defineJob } from '../../jobs/queue.ts';
import { computeEodTotals } from './eod-totals.ts';
import { eodReportsRepository as repo } from './repository.ts';

export const EOD_SCHEDULE_JOB = 'eod-reports.schedule-closed-days';
export const EOD_MAKE_JOB = 'eod-reports.make-day';

/** The scheduler makes the reports of at most this many closed days per site (a worker down for a while). */
export const EOD_CATCH_UP_DAYS = 7;
/** The reason an ERROR report shows once every attempt failed (the cause goes to the log). */
export const EOD_FAILED_REASON = 'The end-of-day report could not be made. Please request it again.';
const MAKE_RETRY_LIMIT = 4;
/**
 * A user's request waits on screen, so its job goes before the schedule's catch-up jobs (priority 0): when a
 * window closes (or a worker comes back) the schedule queues a job per site and missing day, and a request
 * sent behind them would wait for all of them.
 */
export const EOD_REQUEST_PRIORITY = 10;

export interface MakeEodData {
  merchantId: string;
  siteId: string;
  tradingDay: string;
  /** Set for a user's request (the row already exists, NEW); the schedule's jobs create the row. */
  requested?: boolean;
}

export interface EodJobDeps {
  tenantDb: TenantDb;
  clock: Clock;
  send: JobQueue['send'];
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** The singleton key of one site's day: never two jobs for it waiting or running at once. */
export const eodJobKey = (siteId: string, tradingDay: string) => `${siteId}:${tradingDay}`;

/**
 * Makes one site's end-of-day report for a closed trading day, in one transaction: the row (created for the
 * schedule, or the NEW one a user asked for) gets the day's figures and turns READY. A failure rolls the
 * whole of it back, so a retry starts clean; only the last attempt marks the report ERROR.
 */
export async function makeEodReport(
  deps: Pick<EodJobDeps, 'tenantDb' | 'clock'>,
  data: MakeEodData,
): Promise<{ id: string } | undefined> {
  const { merchantId, siteId, tradingDay } = data;
  return deps.tenantDb.forMerchant(merchantId, async (tx) => {
    const site = await repo.site(tx, merchantId, siteId);
    if (!site) return undefined; // the site is gone: nothing to report
    const existing = await repo.findDay(tx, merchantId, siteId, tradingDay);
    // The schedule never remakes a day that has a report; a user's request (NEW) is made again.
    if (existing && !data.requested && existing.state !== 'NEW') return existing;
    const { id } =
      existing ??
      (await repo.upsert(tx, {
        merchantId,
        siteId,
        tradingDay,
        currency: site.currency,
        origin: 'scheduled',
        createdBy: null,
      }));
    const { start, end } = tradingDayBounds(tradingDay, site.settlementWindow, site.timeZone);
    const totals = await computeEodTotals(tx, { merchantId, siteId, start, end });
    const home = totals.currencies.find((row) => row.currency === site.currency);
    await repo.update(tx, merchantId, id, {
      state: 'READY',
      error: null,
      windowStart: start,
      windowEnd: end,
      totals: totals as unknown as Record<string, unknown>,
      transactionCount: totals.transactionCount,
      salesAmount: home?.sales.amount ?? 0,
      refundsAmount: home?.refunds.amount ?? 0,
      tipsAmount: home?.tips.amount ?? 0,
      generatedAt: deps.clock.now(),
    });
    return { id };
  });
}

/** Marks a report ERROR after its last attempt failed (a separate transaction: the attempt's was rolled back). */
async function markFailed(deps: Pick<EodJobDeps, 'tenantDb'>, data: MakeEodData) {
  await deps.tenantDb.forMerchant(data.merchantId, async (tx) => {
    const existing = await repo.findDay(tx, data.merchantId, data.siteId, data.tradingDay);
    if (existing && existing.state !== 'READY')
      await repo.update(tx, data.merchantId, existing.id, { state: 'ERROR', error: EOD_FAILED_REASON });
  });
}

export function eodMakeJob(deps: EodJobDeps) {
  return defineJob<MakeEodData>({
    name: EOD_MAKE_JOB,
    // Exclusive: one job per site and day at a time (the singleton key); a database fault is retried with
    // backoff (30 s, 60 s, 120 s, 240 s), and only when the last attempt fails does the report show ERROR.
    queue: {
      policy: 'exclusive',
      retryLimit: MAKE_RETRY_LIMIT,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 600,
    },
    async work(data, job: Job<MakeEodData>) {
      try {
        await makeEodReport(deps, data);
      } catch (error) {
        if (job.retryCount >= MAKE_RETRY_LIMIT) {
          deps.log.error({ err: error, ...data }, 'eod-reports: the last attempt failed');
          await markFailed(deps, data).catch(() => {});
        }
        throw error;
      }
    },
  });
}

/**
 * Every 10 minutes: for each site, the closed trading days (at most EOD_CATCH_UP_DAYS back, none before the site
 * opened) that have no end-of-day report yet, or one still NEW, one make-day job each. A NEW report whose job
 * waits is not doubled (the job's singleton key); one whose job was never queued (a process killed between the
 * request and its job) is made.
 */
export function eodScheduleJob(deps: EodJobDeps) {
  return defineJob({
    name: EOD_SCHEDULE_JOB,
    schedule: { cron: '*/10 * * * *' },
    async work() {
      const now = deps.clock.now();
      const since = addDays(calendarDateIn(now, 'UTC'), -(EOD_CATCH_UP_DAYS + 2));
      const sites = await deps.tenantDb.acrossMerchants(async (tx) => {
        const result = await tx.execute(sql`
          select s.merchant_id, s.id, s.settlement_window, s.created_at, m.time_zone,
                 coalesce((select array_agg(e.business_date::text) from eod_reports e
                            where e.merchant_id = s.merchant_id and e.site_id = s.id
                              and e.business_date >= ${since}::date and e.state <> 'NEW'), '{}') as made
            from sites s join merchants m on m.id = s.merchant_id
           where s.deleted_at is null and m.status <> 'churned'`);
        return (
          result as unknown as {
            rows: {
              merchant_id: string;
              id: string;
              settlement_window: string;
              created_at: Date | string;
              time_zone: string;
              made: string[];
            }[];
          }
        ).rows;
      });
      for (const site of sites) {
        const made = new Set(site.made);
        const days = closedTradingDaysToMake({
          now,
          window: site.settlement_window,
          timeZone: site.time_zone,
          openedAt: new Date(site.created_at),
          catchUpDays: EOD_CATCH_UP_DAYS,
        });
        for (const day of days) {
          if (made.has(day)) continue;
          await deps.send(
            EOD_MAKE_JOB,
            { merchantId: site.merchant_id, siteId: site.id, tradingDay: day } satisfies MakeEodData,
            { singletonKey: eodJobKey(site.id, day) },
          );
        }
      }
    },
  });
}
