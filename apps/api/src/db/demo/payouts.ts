import {
  addDays,
  calendarDateIn,
  lastClosedTradingDay,
  tradingDayBounds,
  tradingDayOf,
} from '@mp/domain/trading-day';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../access/tenant-db.ts';
import { buildPayoutDays, runBank } from '../../modules/payouts/ledger-builder.ts';

/** The merchant's card rates in percent, as the demo plans write them. */
export interface FeeRates {
  domesticPercent: number;
  eeaPercent: number;
  globalPercent: number;
  amexPercent: number;
  tapToPayPercent: number;
}

/**
 * Payouts and ledger entries for a merchant's transactions already in the database, built by the payout job's
 * own code (modules/payouts/ledger-builder.ts) for every closed trading day from `from` to `now`, with the
 * simulated bank run at the close of each day: what the job queue would have done had it been running all
 * along. Used by the demo world and the benchmark data generator.
 *
 * Each site's days are built in one call (`buildPayoutDays`: the same ledger and payouts as building them one
 * day at a time, in a handful of statements instead of four per day), then the bank replays the days. The bank
 * on day D only touches payouts expected by D, all made days before, so running it after the builds gives what
 * running it between them would have.
 */
export async function replayPayouts(
  tx: Tx,
  options: {
    merchantId: string;
    currency: string;
    timeZone: string;
    sites: readonly { siteId: string; settlementWindow: string }[];
    from: Date;
    now: Date;
  },
): Promise<{ payouts: number; ledgerEntries: number }> {
  const { merchantId, currency, timeZone, now } = options;
  const plans = options.sites.map((site) => ({
    ...site,
    first: tradingDayOf(options.from, site.settlementWindow, timeZone),
    last: lastClosedTradingDay(now, site.settlementWindow, timeZone),
  }));
  for (const plan of plans) {
    await buildPayoutDays(
      tx,
      { merchantId, siteId: plan.siteId, settlementWindow: plan.settlementWindow, timeZone, currency },
      plan.first,
      plan.last,
    );
  }
  const firstDay = plans.reduce((min, plan) => (plan.first < min ? plan.first : min), '9999-12-31');
  const lastDay = plans.reduce((max, plan) => (plan.last > max ? plan.last : max), '0000-01-01');
  for (let day = firstDay; day <= lastDay; day = addDays(day, 1)) {
    let close = new Date(0);
    for (const plan of plans) {
      if (day < plan.first || day > plan.last) continue;
      const { end } = tradingDayBounds(day, plan.settlementWindow, timeZone);
      if (end > close) close = end;
    }
    await runBank(tx, { now: close, merchantId, today: calendarDateIn(close, timeZone) });
  }
  await runBank(tx, { now, merchantId });
  const result = (await tx.execute(sql`
    select (select count(*) from payouts where merchant_id = ${merchantId})::int as payouts,
           (select count(*) from ledger_entries where merchant_id = ${merchantId})::int as entries`)) as unknown as {
    rows: { payouts: number; entries: number }[];
  };
  return { payouts: result.rows[0]?.payouts ?? 0, ledgerEntries: result.rows[0]?.entries ?? 0 };
}
