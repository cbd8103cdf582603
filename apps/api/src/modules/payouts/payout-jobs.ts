import { addDays, closedTradingDaysToMake } from '@mp/domain/trading-day';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TenantDb } from '../../access/tenant-db.ts';
import type { Clock } from '../../clock.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { defineJob } from '../../jobs/queue.ts';
import { INVOICE_BUILD_JOB, invoiceBuildKey } from '../invoices/invoice-job-names.ts';
import { PAYOUT_CATCH_UP_DAYS } from './days-to-build.ts';
import { buildPayoutDay, runBank } from './ledger-builder.ts';

export const PAYOUT_SCHEDULE_JOB = 'payouts.schedule-closed-days';
export const PAYOUT_BUILD_JOB = 'payouts.build-day';
export const PAYOUT_BANK_JOB = 'payouts.simulated-bank';

interface PayoutJobDeps {
  tenantDb: TenantDb;
  clock: Clock;
  send: JobQueue['send'];
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

interface BuildDayData {
  merchantId: string;
  siteId: string;
  tradingDay: string;
}

/**
 * Every 10 minutes: for each site, the trading days whose settlement window has closed and that have no payout
 * run yet, one build job each, keyed by site and day (an exclusive queue: never two at once for one key; the
 * `payout_days` mark makes a second run a no-op).
 */
export function payoutScheduleJob(deps: PayoutJobDeps) {
  return defineJob({
    name: PAYOUT_SCHEDULE_JOB,
    schedule: { cron: '*/10 * * * *' },
    async work() {
      const now = deps.clock.now();
      const sites = await deps.tenantDb.acrossMerchants(async (tx) => {
        const result = await tx.execute(sql`
          select s.merchant_id, s.id, s.settlement_window, s.created_at, m.time_zone,
                 (select max(d.trading_day)::text from payout_days d
                   where d.merchant_id = s.merchant_id and d.site_id = s.id) as last_built
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
              last_built: string | null;
            }[];
          }
        ).rows;
      });
      for (const site of sites) {
        const days = closedTradingDaysToMake({
          now,
          window: site.settlement_window,
          timeZone: site.time_zone,
          openedAt: new Date(site.created_at),
          catchUpDays: PAYOUT_CATCH_UP_DAYS,
          after: site.last_built,
        });
        for (const day of days) {
          await deps.send(
            PAYOUT_BUILD_JOB,
            { merchantId: site.merchant_id, siteId: site.id, tradingDay: day } satisfies BuildDayData,
            { singletonKey: `${site.id}:${day}` },
          );
        }
      }
    },
  });
}

/**
 * Builds one site's payout for one trading day inside the merchant's row-level-security transaction. A month's
 * last day, once committed, asks for the month's invoice (keyed like the daily schedule's): the invoice waits
 * for every site's payout days of the month (decision 0134), so the build of the last of them is when it can be
 * made, not the next 06:00 run.
 */
export function payoutBuildJob(deps: PayoutJobDeps) {
  return defineJob<BuildDayData>({
    name: PAYOUT_BUILD_JOB,
    queue: { policy: 'exclusive', expireInSeconds: 600 },
    async work({ merchantId, siteId, tradingDay }) {
      const found = await deps.tenantDb.forMerchant(merchantId, async (tx) => {
        const result = await tx.execute(sql`
          select s.settlement_window, m.time_zone, m.currency
            from sites s join merchants m on m.id = s.merchant_id
           where s.merchant_id = ${merchantId} and s.id = ${siteId}`);
        const [site] = (
          result as unknown as { rows: { settlement_window: string; time_zone: string; currency: string }[] }
        ).rows;
        if (!site) return false; // the site or merchant is gone: nothing to pay out
        await buildPayoutDay(
          tx,
          {
            merchantId,
            siteId,
            settlementWindow: site.settlement_window,
            timeZone: site.time_zone,
            currency: site.currency,
          },
          tradingDay,
        );
        return true;
      });
      if (!found || !addDays(tradingDay, 1).endsWith('-01')) return;
      const month = tradingDay.slice(0, 7);
      try {
        await deps.send(
          INVOICE_BUILD_JOB,
          { merchantId, month },
          { singletonKey: invoiceBuildKey(merchantId, month) },
        );
      } catch (error) {
        // The payout is made; the daily invoice schedule asks for the month again.
        deps.log?.warn(
          { err: error, merchantId, month },
          'payouts: the month’s invoice build was not queued',
        );
      }
    },
  });
}

/** Every 15 minutes the simulated bank settles the payouts due by each merchant's date. */
export function payoutBankJob(deps: PayoutJobDeps) {
  return defineJob({
    name: PAYOUT_BANK_JOB,
    schedule: { cron: '*/15 * * * *' },
    async work() {
      const now = deps.clock.now();
      await deps.tenantDb.acrossMerchants((tx) => runBank(tx, { now }));
    },
  });
}
