import { PAYOUT_FAILURE_CODES, type PayoutFailureCode } from '@mp/domain/enums';
import { addDays, nextBusinessDay, tradingDayBounds } from '@mp/domain/trading-day';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../access/tenant-db.ts';
import { CAPTURED_STATUSES, REFUND_TRANSACTION_STATUSES } from '../transactions/service.ts';

/**
 * Builds a site's payouts for one trading day or a run of them (DESIGN §4 Trading day, Money arithmetic), in
 * the caller's transaction, set-based in SQL: whatever the number of days and payments, a handful of
 * statements, and every ledger entry written once, already carrying its payout (docs/decisions/0060, 0092).
 *
 * 1. Marks the days in `payout_days` (a day already marked is left alone: the job is idempotent).
 * 2. Reads the new days' entries as totals per day: payments and tips taken in the window, a fee per payment at
 *    the merchant's rate for its card region rounded half-up to the minor unit, refunds (those decided after
 *    their day was built too) and their reversals, chargebacks and theirs, monthly fees and credits on the first
 *    day of a month; each once (`source_key`).
 * 3. Walks the days in order with what was left unsettled before: a day whose running balance is positive is
 *    paid out (with the carried days before it); otherwise the balance is carried forward. Net settlement
 *    deducts fees; gross settlement marks them invoiced.
 * 4. Writes the payouts, then the entries with their payout (one INSERT … SELECT), then points the carried
 *    entries and days at the payout that took them along.
 *
 * Building days one call at a time or all in one call gives the same ledger and payouts (a test proves it
 * against the per-day reference). Amounts of another currency than the merchant's are left out (never added
 * together).
 */

/** How far back a payment taken earlier but captured in this window is still booked (late captures). */
const LATE_CAPTURE_DAYS = 7;

export interface SiteForPayout {
  merchantId: string;
  siteId: string;
  settlementWindow: string;
  timeZone: string;
  currency: string;
}

export type BuildResult =
  | { built: false }
  | { built: true; payoutId: string | null; netAmount: number; payable: number };

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const list = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
/** A PostgreSQL array literal of dates, instants, uuids or booleans (none needs quoting), bound as one text. */
const arrayOf = (
  values: readonly (string | boolean | null)[],
  type: 'date' | 'timestamptz' | 'uuid' | 'boolean',
) =>
  sql`${`{${values.map((value) => (value === null ? 'NULL' : value === true ? 't' : value === false ? 'f' : value)).join(',')}}`}::text::${sql.raw(type)}[]`;

/** The fee of one payment: amount × rate for its card region, rounded half-up once, plus the fixed fee. */
const feeSql = sql`(floor((t.amount + t.tip_amount) * (case
    when t.source = 'tap-to-pay' then r.tap_to_pay_percent
    when t.card_scheme = 'amex' then r.amex_percent
    when t.card_region = 'domestic' then r.domestic_percent
    when t.card_region = 'eea' then r.eea_percent
    when t.card_region = 'global' then r.global_percent
    else r.other_percent end) / 100 + 0.5) + r.fixed_fee)::bigint`;

interface NewDay {
  day: string;
  start: string;
  end: string;
  /** Payments created from here to `start` and changed in the window are late captures booked this day. */
  lateFrom: string;
  /** A week before `start`: how far back a late capture reaches. */
  week: string;
  rateId: string | null;
  invoiced: boolean;
}

interface DayTotals {
  gross: number;
  refunds: number;
  fees: number;
  net: number;
  count: number;
  entries: number;
  /** Of the entries that are paid out (not invoiced): payable sum, payments and tips, fees. */
  payable: number;
  payableGross: number;
  payableFees: number;
}

/** The new days as a table `d` (day, ws, we, late_from, week, rate_id, invoiced). */
function daysTable(days: readonly NewDay[]): SQL {
  return sql`select * from unnest(${arrayOf(
    days.map((d) => d.day),
    'date',
  )}, ${arrayOf(
    days.map((d) => d.start),
    'timestamptz',
  )}, ${arrayOf(
    days.map((d) => d.end),
    'timestamptz',
  )}, ${arrayOf(
    days.map((d) => d.lateFrom),
    'timestamptz',
  )}, ${arrayOf(
    days.map((d) => d.week),
    'timestamptz',
  )}, ${arrayOf(
    days.map((d) => d.rateId),
    'uuid',
  )}, ${arrayOf(
    days.map((d) => d.invoiced),
    'boolean',
  )}) as d(day, ws, we, late_from, week, rate_id, invoiced)`;
}

/**
 * The new days' entries as rows (transaction_id, refund_id, type, amount, description, occurred_at,
 * trading_day, source_key, invoiced), over the table `d` of new days. A payment belongs to the day it was taken
 * in, or (a late capture) to the first new day after it when it was taken at most a week before that day and
 * changed in it; a reversal to the first new day the payment was captured again by.
 */
function entriesSql(site: SiteForPayout, day1: NewDay, runOfDays: boolean): SQL {
  const { merchantId, siteId, currency } = site;
  const ofSite = sql`t.merchant_id = ${merchantId} and t.site_id = ${siteId} and t.currency = ${currency}`;
  // Where the site's ledger starts: the first trading day built (the new days are marked already).
  const ledgerStart = sql`(select x.window_start from payout_days x
                            where x.merchant_id = ${merchantId} and x.site_id = ${siteId} order by x.trading_day limit 1)`;
  const captured = sql`${ofSite} and t.status in (${list(CAPTURED_STATUSES)})
    and t.created_at >= ${day1.lateFrom} and t.created_at < d.we
    and (t.created_at >= d.ws or (t.created_at >= d.late_from and t.updated_at >= d.ws))`;
  return sql.join(
    [
      sql`select t.id as transaction_id, null::uuid as refund_id, 'payment' as type, t.amount::bigint as amount,
             'Payment ' || t.psp_reference as description, t.created_at as occurred_at, d.day as trading_day,
             'payment:' || t.id as source_key, false as invoiced
        from d join transactions t on ${captured}`,
      sql`select t.id, null::uuid, 'tip', t.tip_amount::bigint, 'Tip ' || t.psp_reference, t.created_at, d.day,
             'tip:' || t.id, false
        from d join transactions t on ${captured} and t.tip_amount > 0`,
      // The fee: on the payment's day at that day's rate; when that rounds to nothing (or no rate was set), on
      // the first later day that would book it as a late capture and whose rate gives one (as building the
      // days one at a time does: only the fee is not yet booked there).
      runOfDays
        ? sql`(select distinct on (t.id) t.id, null::uuid, 'fee', -${feeSql}, 'Processing fee ' || t.psp_reference,
               t.created_at, d.day, 'fee:' || t.id, d.invoiced
          from d join rates r on r.merchant_id = ${merchantId} and r.id = d.rate_id
          join transactions t on ${ofSite} and t.status in (${list(CAPTURED_STATUSES)})
               and t.created_at >= ${day1.week} and t.created_at < d.we
               and (t.created_at >= d.ws or (t.created_at >= d.week and t.updated_at >= d.ws)) and ${feeSql} > 0
         order by t.id, d.day)`
        : sql`select t.id, null::uuid, 'fee', -${feeSql}, 'Processing fee ' || t.psp_reference, t.created_at, d.day,
             'fee:' || t.id, d.invoiced
        from d join rates r on r.merchant_id = ${merchantId} and r.id = d.rate_id
        join transactions t on ${captured} and ${feeSql} > 0`,
      // Refunds of the site's payments, and standalone refund transactions: on the first new day whose window
      // they were asked for in or before and that they changed (succeeded, were told of) in or before, once they
      // have succeeded: a refund still pending when its day was built, or told of late, is booked by the first day
      // built after it succeeded (as a late capture is). Never one asked for before the site's first trading day.
      // The succeeded refunds asked for, or changed, since the first new day opened: each half through its index
      // (refunds_merchant_succeeded_created_idx, refunds_merchant_succeeded_updated_idx), never the settled ones;
      // read once (materialized), not once per payment the planner might start from.
      sql`select t.id, f.id, 'refund', -f.amount::bigint, 'Refund ' || coalesce(f.psp_reference, t.psp_reference),
             f.created_at, d.day, 'refund:' || f.id, false
        from (with since as materialized (
                select * from refunds where merchant_id = ${merchantId} and status = 'succeeded'
                   and created_at >= ${day1.start}
                union all
                select * from refunds where merchant_id = ${merchantId} and status = 'succeeded'
                   and updated_at >= ${day1.start} and created_at < ${day1.start})
              select * from since) f
        join lateral (select * from d where f.created_at < d.we and (f.created_at >= d.ws or f.updated_at >= d.ws)
                       order by d.day limit 1) d on true
        join transactions t on t.merchant_id = f.merchant_id and t.id = f.transaction_id and t.site_id = ${siteId}
       where f.currency = ${currency} and f.created_at >= ${ledgerStart}`,
      sql`select t.id, null::uuid, 'refund', -t.amount::bigint, 'Refund ' || t.psp_reference, t.created_at, d.day,
             'refund:' || t.id, false
        from transactions t
        join lateral (select * from d where t.created_at < d.we and (t.created_at >= d.ws or t.updated_at >= d.ws)
                       order by d.day limit 1) d on true
       where ${ofSite} and t.status in (${list(REFUND_TRANSACTION_STATUSES)})
         and (t.created_at >= ${day1.start} or t.updated_at >= ${day1.start}) and t.created_at >= ${ledgerStart}`,
      // A booked refund that no longer succeeded (REFUND_FAILED, REFUNDED_REVERSED: the money came back) is
      // credited back on the first new day it changed by, as a chargeback reversal is. Found through `booked`
      // (set with its `refund:` entry, cleared with its reversal): only those still to credit back are read, never
      // the failed refunds that were never booked or were credited back already (index refunds_booked_unsettled_idx);
      // read once (materialized).
      sql`select t.id, f.id, 'refund', -e.amount::bigint, 'Refund reversed ' || coalesce(f.psp_reference, t.psp_reference),
             f.updated_at, d.day, 'refund-reversal:' || f.id, false
        from (with due as materialized (
                select * from refunds where merchant_id = ${merchantId} and booked and status <> 'succeeded')
              select * from due) f
        join ledger_entries e on e.merchant_id = f.merchant_id and e.source_key = 'refund:' || f.id and e.site_id = ${siteId}
        join transactions t on t.merchant_id = f.merchant_id and t.id = f.transaction_id
        join lateral (select * from d where f.updated_at < d.we order by d.day limit 1) d on true`,
      // A chargeback is booked when the payment turns chargedback; a reversal when a charged-back payment is
      // captured again (the PSP's CHARGEBACK_REVERSED).
      sql`select t.id, null::uuid, 'chargeback', -(t.amount + t.tip_amount)::bigint, 'Chargeback ' || t.psp_reference,
             greatest(t.updated_at, t.created_at), d.day, 'chargeback:' || t.id, false
        from d join transactions t on ${ofSite} and t.status = 'chargedback' and t.created_at < d.we
              and greatest(t.updated_at, t.created_at) >= d.ws and greatest(t.updated_at, t.created_at) < d.we`,
      sql`select t.id, null::uuid, 'chargeback-reversal', -c.amount::bigint, 'Chargeback reversed ' || t.psp_reference,
             t.updated_at, d.day, 'chargeback-reversal:' || t.id, false
        from ledger_entries c join transactions t on t.merchant_id = c.merchant_id and t.id = c.transaction_id
        join lateral (select * from d where t.updated_at < d.we order by d.day limit 1) d on true
       where c.merchant_id = ${merchantId} and c.site_id = ${siteId} and c.type = 'chargeback'
         and t.status not in ('chargedback', 'chargeback-pending')`,
      // Monthly fees and credits fall due on the first trading day of the month, on the merchant's first site.
      sql`select null::uuid, null::uuid, 'adjustment', case when a.kind = 'credit' then a.amount else -a.amount end::bigint,
             a.description, d.ws, d.day, 'adjustment:' || a.id || ':' || to_char(d.day, 'YYYY-MM'), d.invoiced
        from d join billing_adjustments a on a.merchant_id = ${merchantId} and a.kind in ('monthly-fee', 'credit')
              and a.amount is not null and a.currency = ${currency} and a.starts_on <= d.day
              and (a.ends_on is null or a.ends_on >= d.day)
       where extract(day from d.day) = 1
         and ${siteId} = (select s.id from sites s where s.merchant_id = ${merchantId} and s.deleted_at is null
                          order by s.created_at, s.id limit 1)`,
    ],
    sql` union all `,
  );
}

/** One site's payout for one trading day: `buildPayoutDays` for that day alone (the payout job's unit). */
export async function buildPayoutDay(tx: Tx, site: SiteForPayout, day: string): Promise<BuildResult> {
  const result = await buildPayoutDays(tx, site, day, day);
  const built = result.days[0];
  if (!built) return { built: false };
  return { built: true, payoutId: built.payoutId, netAmount: built.net, payable: built.payable };
}

/**
 * One site's payouts for the trading days `from` to `to` (inclusive, oldest first), as if each had been built
 * by the payout job in turn; days already built are left as they are. Returns the days it built.
 */
export async function buildPayoutDays(
  tx: Tx,
  site: SiteForPayout,
  from: string,
  to: string,
): Promise<{ days: { day: string; payoutId: string | null; net: number; payable: number }[] }> {
  const { merchantId, siteId, currency } = site;
  const wanted: { day: string; start: string; end: string }[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const { start, end } = tradingDayBounds(day, site.settlementWindow, site.timeZone);
    wanted.push({ day, start: start.toISOString(), end: end.toISOString() });
  }
  if (wanted.length === 0) return { days: [] };
  // One build of a site at a time (a catch-up and a retry never interleave their carried balances).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payout-site'), hashtext(${siteId}))`);

  // 1. The marks, with the rates in force each day (net settlement when none are set).
  const marked = rowsOf<{ day: string; settlement_type: string; rate_id: string | null }>(
    await tx.execute(sql`
      with w as (select * from unnest(${arrayOf(
        wanted.map((w) => w.day),
        'date',
      )}, ${arrayOf(
        wanted.map((w) => w.start),
        'timestamptz',
      )}, ${arrayOf(
        wanted.map((w) => w.end),
        'timestamptz',
      )}) as w(day, ws, we)),
      r as (
        select w.day, w.ws, w.we, rate.id as rate_id, coalesce(rate.settlement_type, 'net') as settlement_type
          from w left join lateral (
            select id, settlement_type from rates
             where merchant_id = ${merchantId} and effective_from <= w.day
               and (effective_to is null or effective_to > w.day)
             order by effective_from desc limit 1) rate on true),
      marked as (
        insert into payout_days (merchant_id, site_id, trading_day, currency, settlement_type, window_start, window_end)
        select ${merchantId}, ${siteId}, r.day, ${currency}, r.settlement_type, r.ws, r.we from r
        on conflict do nothing
        returning trading_day)
      select r.day::text as day, r.settlement_type, r.rate_id::text as rate_id
        from r join marked on marked.trading_day = r.day order by r.day`),
  );
  if (marked.length === 0) return { days: [] };
  const bounds = new Map(wanted.map((w) => [w.day, w]));
  const days: NewDay[] = [];
  let previousEnd = '';
  for (const mark of marked) {
    const { start, end } = bounds.get(mark.day) as { start: string; end: string };
    const week = new Date(Date.parse(start) - LATE_CAPTURE_DAYS * 86_400_000).toISOString();
    // A payment taken in an earlier new day belongs to that day, never to this one as a late capture.
    const lateFrom = previousEnd > week ? previousEnd : week;
    days.push({
      day: mark.day,
      start,
      end,
      lateFrom,
      week,
      rateId: mark.rate_id,
      invoiced: mark.settlement_type === 'gross',
    });
    previousEnd = end;
  }
  const day1 = days[0] as NewDay;
  const entries = entriesSql(site, day1, days.length > 1);
  const d = daysTable(days);

  // 2. The new days' totals, and what was left unsettled before them, per trading day.
  const totals = rowsOf<{ kind: 'new' | 'old'; day: string } & Record<keyof DayTotals, string>>(
    await tx.execute(sql`
      with d as (${d}), c as (${entries})
      select 'new' as kind, c.trading_day::text as day,
             coalesce(sum(amount) filter (where type in ('payment', 'tip')), 0)::text as gross,
             coalesce(sum(amount) filter (where type in ('refund', 'chargeback', 'chargeback-reversal')), 0)::text as refunds,
             coalesce(-sum(amount) filter (where type in ('fee', 'adjustment', 'device-rental')), 0)::text as fees,
             coalesce(sum(amount) filter (where not invoiced), 0)::text as net,
             count(*) filter (where type = 'payment')::text as count,
             count(*)::text as entries,
             coalesce(sum(amount) filter (where not invoiced), 0)::text as payable,
             coalesce(sum(amount) filter (where not invoiced and type in ('payment', 'tip')), 0)::text as "payableGross",
             coalesce(-sum(amount) filter (where not invoiced and type in ('fee', 'adjustment', 'device-rental')), 0)::text as "payableFees"
        from c
       where not exists (select 1 from ledger_entries e where e.merchant_id = ${merchantId} and e.source_key = c.source_key)
       group by c.trading_day
      union all
      select 'old', trading_day::text, '0', '0', '0', '0', '0', count(*)::text, sum(amount)::text,
             coalesce(sum(amount) filter (where type in ('payment', 'tip')), 0)::text,
             coalesce(-sum(amount) filter (where type in ('fee', 'adjustment', 'device-rental')), 0)::text
        from ledger_entries
       where merchant_id = ${merchantId} and site_id = ${siteId} and payout_id is null and not invoiced
       group by trading_day`),
  );
  const zero = (): DayTotals => ({
    gross: 0,
    refunds: 0,
    fees: 0,
    net: 0,
    count: 0,
    entries: 0,
    payable: 0,
    payableGross: 0,
    payableFees: 0,
  });
  const parse = (row: Record<keyof DayTotals, string>): DayTotals => ({
    gross: Number(row.gross),
    refunds: Number(row.refunds),
    fees: Number(row.fees),
    net: Number(row.net),
    count: Number(row.count),
    entries: Number(row.entries),
    payable: Number(row.payable),
    payableGross: Number(row.payableGross),
    payableFees: Number(row.payableFees),
  });
  const fresh = new Map(totals.filter((row) => row.kind === 'new').map((row) => [row.day, parse(row)]));
  const carried = new Map(totals.filter((row) => row.kind === 'old').map((row) => [row.day, parse(row)]));

  // 3. The walk: every day in order, carried entries first; a new day with a positive balance is paid out.
  const isNew = new Set(days.map((day) => day.day));
  const walk = [...new Set([...carried.keys(), ...isNew])].sort();
  const payouts: { day: string; after: string | null; amount: number; gross: number; fees: number }[] = [];
  const balanceOf = new Map<string, number>();
  let running = { amount: 0, gross: 0, fees: 0 };
  let after: string | null = null;
  for (const day of walk) {
    for (const part of [carried.get(day), fresh.get(day)]) {
      if (!part) continue;
      running = {
        amount: running.amount + part.payable,
        gross: running.gross + part.payableGross,
        fees: running.fees + part.payableFees,
      };
    }
    if (!isNew.has(day)) continue;
    balanceOf.set(day, running.amount);
    if (running.amount > 0) {
      payouts.push({ day, after, ...running });
      running = { amount: 0, gross: 0, fees: 0 };
      after = day;
    }
  }

  // 4. The payouts, then the entries carrying theirs, then the carried entries and days they take along.
  const payoutOf = new Map<string, string>();
  if (payouts.length > 0) {
    const made = rowsOf<{ id: string; day: string }>(
      await tx.execute(sql`
        insert into payouts (merchant_id, site_id, status, payout_date, amount, gross_amount, fees_amount, currency,
                             reference, expected_arrival, created_at, updated_at)
        select ${merchantId}, ${siteId}, 'pending', p.day, p.amount, p.gross, p.fees, ${currency},
               'PO-' || to_char(p.day, 'YYYYMMDD') || '-' || ${siteId.slice(0, 6).toUpperCase()}, p.arrival, p.at, p.at
          from unnest(${arrayOf(
            payouts.map((p) => p.day),
            'date',
          )}, ${sql`${`{${payouts.map((p) => p.amount).join(',')}}`}::text::bigint[]`},
                      ${sql`${`{${payouts.map((p) => p.gross).join(',')}}`}::text::bigint[]`},
                      ${sql`${`{${payouts.map((p) => p.fees).join(',')}}`}::text::bigint[]`},
                      ${arrayOf(
                        payouts.map((p) => nextBusinessDay(addDays(p.day, 1))),
                        'date',
                      )}, ${arrayOf(
                        payouts.map((p) => (bounds.get(p.day) as { end: string }).end),
                        'timestamptz',
                      )}) as p(day, amount, gross, fees, arrival, at)
        returning id::text as id, payout_date::text as day`),
    );
    for (const row of made) payoutOf.set(row.day, row.id);
  }
  // The payout each new day's entries go into: the first payout on or after the day (none: carried forward).
  const dayPayout = days.map((day) => payouts.find((p) => p.day >= day.day)?.day ?? null);
  const expected = [...fresh.values()].reduce((sum, part) => sum + part.entries, 0);
  // With the entries, a refund is marked booked by its `refund:` entry and no longer by its `refund-reversal:` one
  // (decision 0133). By id, whatever its status is by then: a refund that failed after it was read here (its
  // notification waited on the row, or went first) is marked booked, and the next build credits it back.
  const [written] = rowsOf<{ n: string }>(
    await tx.execute(sql`
      with d as (${d}), c as (${entries}),
      p as (select * from unnest(${arrayOf(
        days.map((day) => day.day),
        'date',
      )}, ${arrayOf(
        dayPayout.map((day) => (day ? (payoutOf.get(day) as string) : null)),
        'uuid',
      )}) as p(day, payout_id)),
      written as (
        insert into ledger_entries (merchant_id, site_id, transaction_id, refund_id, type, amount, currency,
                                    description, occurred_at, trading_day, source_key, invoiced, payout_id)
        select ${merchantId}, ${siteId}, c.transaction_id, c.refund_id, c.type, c.amount, ${currency}, c.description,
               c.occurred_at, c.trading_day, c.source_key, c.invoiced, case when c.invoiced then null else p.payout_id end
          from c join p on p.day = c.trading_day
        on conflict (merchant_id, source_key) do nothing
        returning refund_id, source_key),
      booked as (
        update refunds f set booked = starts_with(w.source_key, 'refund:')
          from written w
         where f.merchant_id = ${merchantId} and w.refund_id is not null and f.id = w.refund_id)
      select count(*)::text as n from written`),
  );
  // Another transaction booked one of these entries between the totals and the insert: the totals are stale.
  // Throwing rolls everything back; the job is retried and counts again.
  if (Number(written?.n ?? 0) !== expected)
    throw new Error(
      `payout build ${siteId} ${from}..${to}: ${written?.n} entries written, ${expected} counted`,
    );

  const ranges = sql`unnest(${arrayOf(
    payouts.map((p) => payoutOf.get(p.day) as string),
    'uuid',
  )}, ${arrayOf(
    payouts.map((p) => p.after),
    'date',
  )}, ${arrayOf(
    payouts.map((p) => p.day),
    'date',
  )}) as p(id, after, day)`;
  if (payouts.length > 0 && carried.size > 0)
    await tx.execute(sql`
      update ledger_entries e set payout_id = p.id from ${ranges}
       where e.merchant_id = ${merchantId} and e.site_id = ${siteId} and e.payout_id is null and not e.invoiced
         and e.trading_day <= p.day and (p.after is null or e.trading_day > p.after)`);
  const summary = days.map((day) => fresh.get(day.day) ?? zero());
  const bigints = (values: number[]) => sql`${`{${values.join(',')}}`}::text::bigint[]`;
  await tx.execute(sql`
    update payout_days x set gross_amount = s.gross, refunds_amount = s.refunds, fees_amount = s.fees,
           net_amount = s.net, transaction_count = s.count
      from unnest(${arrayOf(
        days.map((day) => day.day),
        'date',
      )}, ${bigints(summary.map((s) => s.gross))}, ${bigints(summary.map((s) => s.refunds))},
                  ${bigints(summary.map((s) => s.fees))}, ${bigints(summary.map((s) => s.net))},
                  ${bigints(summary.map((s) => s.count))}) as s(day, gross, refunds, fees, net, count)
     where x.merchant_id = ${merchantId} and x.site_id = ${siteId} and x.trading_day = s.day`);
  if (payouts.length > 0)
    await tx.execute(sql`
      update payout_days x set payout_id = p.id from ${ranges}
       where x.merchant_id = ${merchantId} and x.site_id = ${siteId} and x.payout_id is null
         and x.trading_day <= p.day and (p.after is null or x.trading_day > p.after)`);

  return {
    days: days.map((day, i) => ({
      day: day.day,
      payoutId: payouts.find((p) => p.day === day.day) ? (payoutOf.get(day.day) ?? null) : null,
      net: summary[i]?.net ?? 0,
      payable: balanceOf.get(day.day) ?? 0,
    })),
  };
}

/** The English wording of each bank failure code (CSV exports, API `failureReason`). */
export const BANK_FAILURE_TEXTS: Record<PayoutFailureCode, string> = {
  'account-unavailable': 'The receiving bank rejected the transfer: account temporarily unavailable',
  'account-closed': 'The receiving bank rejected the transfer: the account is closed',
  'account-details-invalid': 'The receiving bank rejected the transfer: the account details are not valid',
  'rejected-by-bank': 'The receiving bank rejected the transfer without giving a reason',
};

/** A stored failure reason as a code; reasons stored before codes existed read as `rejected-by-bank`. */
export function payoutFailureCode(stored: string | null): PayoutFailureCode | null {
  if (stored === null) return null;
  return (PAYOUT_FAILURE_CODES as readonly string[]).includes(stored)
    ? (stored as PayoutFailureCode)
    : stored === 'The receiving bank rejected the transfer: account temporarily unavailable'
      ? 'account-unavailable'
      : 'rejected-by-bank';
}

/**
 * The simulated bank (DESIGN §1 payments). A payout made at the close of day D is sent the day after and
 * expected the next business day after that. on or after its expected arrival a pending payout is completed,
 * except that about one in twenty fails its first attempt (decided by its id, so reruns agree); a failed payout
 * is retried on the next business day, keeping the reason it failed (a PAYOUT_FAILURE_CODES code, picked by id). `today` is the bank's date for each
 * merchant: given (the demo replaying history) or the merchant's calendar date at `now`.
 */
export async function runBank(tx: Tx, options: { now: Date; merchantId?: string; today?: string }) {
  const nowIso = options.now.toISOString();
  const today = options.today
    ? sql`${options.today}::date`
    : sql`(${nowIso}::timestamptz at time zone m.time_zone)::date`;
  const merchant = options.merchantId ? sql`and p.merchant_id = ${options.merchantId}` : sql``;
  // Retry day: a failed payout goes back to pending with the retry day as its new expected arrival.
  await tx.execute(sql`
    update payouts p set status = 'pending', expected_arrival = p.retry_on, retry_on = null, updated_at = ${nowIso}
      from merchants m
     where m.id = p.merchant_id and p.status = 'failed' and p.retry_on <= ${today} ${merchant}`);
  const settled = rowsOf<{ status: string }>(
    await tx.execute(sql`
      update payouts p set attempts = p.attempts + 1, updated_at = ${nowIso},
             status = case when p.attempts = 0 and get_byte(decode(md5(p.id::text), 'hex'), 0) < 13
                           then 'failed' else 'completed' end,
             paid_at = case when p.attempts = 0 and get_byte(decode(md5(p.id::text), 'hex'), 0) < 13
                            then null else ${nowIso}::timestamptz end,
             failure_reason = case when p.attempts = 0 and get_byte(decode(md5(p.id::text), 'hex'), 0) < 13
                                   then (${sql.raw(`array[${PAYOUT_FAILURE_CODES.map((c) => `'${c}'`).join(', ')}]`)})[1 + get_byte(decode(md5(p.id::text), 'hex'), 1) % ${PAYOUT_FAILURE_CODES.length}]
                                   else p.failure_reason end,
             retry_on = case when p.attempts = 0 and get_byte(decode(md5(p.id::text), 'hex'), 0) < 13
                             then ${today} + (case extract(isodow from ${today}) when 5 then 3 when 6 then 2 else 1 end)::int
                             else null end
        from merchants m
       where m.id = p.merchant_id and p.status = 'pending' and p.expected_arrival <= ${today} ${merchant}
      returning p.status`),
  );
  return {
    completed: settled.filter((row) => row.status === 'completed').length,
    failed: settled.filter((row) => row.status === 'failed').length,
  };
}

/** Trading days from `from` to `to` inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}
