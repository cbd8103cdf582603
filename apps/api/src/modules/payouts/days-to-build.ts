import { addDays, firstTradingDayInReach } from '@mp/domain/trading-day';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../access/tenant-db.ts';

/** The payout schedule catches up at most this many closed days per site (a worker down for a while, a new site). */
export const PAYOUT_CATCH_UP_DAYS = 35;

/**
 * The trading days from `from` to `to` (inclusive) that the payout job may still build for a merchant, closed or
 * not: for each site the payout schedule serves (not deleted, merchant not churned), each day of the range from
 * the first one in the schedule's reach at `now` (the site's first day, at most 35 closed days back) that has no
 * `payout_days` mark. A site opened after `to` has none. Its own file (no payout-building code) so the invoice
 * jobs can ask it without loading the payouts module.
 *
 * The ledger books every entry on the day being built (ledger-builder.ts: a late capture on the later day that
 * captured it, never on an earlier one), so once this is empty no entry dated in the range can appear any more:
 * the monthly invoice waits for it (decision 0134).
 */
export async function payoutDaysToBuild(
  tx: Tx,
  merchantId: string,
  range: { from: string; to: string },
  now: Date,
): Promise<{ siteId: string; day: string }[]> {
  const result = await tx.execute(sql`
    select s.id, s.settlement_window, s.created_at, m.time_zone,
           (select string_agg(d.trading_day::text, ',') from payout_days d
             where d.merchant_id = s.merchant_id and d.site_id = s.id
               and d.trading_day between ${range.from} and ${range.to}) as built
      from sites s join merchants m on m.id = s.merchant_id
     where s.merchant_id = ${merchantId} and s.deleted_at is null and m.status <> 'churned'`);
  const sites = (
    result as unknown as {
      rows: {
        id: string;
        settlement_window: string;
        created_at: Date | string;
        time_zone: string;
        built: string | null;
      }[];
    }
  ).rows;
  const waiting: { siteId: string; day: string }[] = [];
  for (const site of sites) {
    const built = new Set(site.built ? site.built.split(',') : []);
    const first = firstTradingDayInReach({
      now,
      window: site.settlement_window,
      timeZone: site.time_zone,
      openedAt: new Date(site.created_at),
      catchUpDays: PAYOUT_CATCH_UP_DAYS,
    });
    for (let day = first > range.from ? first : range.from; day <= range.to; day = addDays(day, 1))
      if (!built.has(day)) waiting.push({ siteId: site.id, day });
  }
  return waiting;
}
