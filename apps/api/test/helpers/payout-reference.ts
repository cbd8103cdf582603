// The payout day as it was built before the set-based builder (this session's issue 12 work, decision 0092):
// one day per call, the day's entries inserted, then summed back from the table, then every unsettled entry
// updated with its payout. Kept here as the reference the new builder (src/modules/payouts/ledger-builder.ts)
// must match to the cent: test/payout-equivalence.test.ts. Changed since only where the rules changed: refunds
// decided after their day was built, and their reversals (decision 0133).
import {
  addDays,
  calendarDateIn,
  lastClosedTradingDay,
  nextBusinessDay,
  tradingDayBounds,
  tradingDayOf,
} from '@mp/domain/trading-day';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../src/access/tenant-db.ts';
import { type BuildResult, runBank, type SiteForPayout } from '../../src/modules/payouts/ledger-builder.ts';
import { CAPTURED_STATUSES, REFUND_TRANSACTION_STATUSES } from '../../src/modules/transactions/service.ts';

/** How far back a payment taken earlier but captured in this window is still booked (late captures). */
const LATE_CAPTURE_DAYS = 7;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const list = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** The fee of one payment: amount × rate for its card region, rounded half-up once, plus the fixed fee. */
const feeSql = sql`(floor((t.amount + t.tip_amount) * (case
    when t.source = 'tap-to-pay' then r.tap_to_pay_percent
    when t.card_scheme = 'amex' then r.amex_percent
    when t.card_region = 'domestic' then r.domestic_percent
    when t.card_region = 'eea' then r.eea_percent
    when t.card_region = 'global' then r.global_percent
    else r.other_percent end) / 100 + 0.5) + r.fixed_fee)::bigint`;

export async function referenceBuildPayoutDay(
  tx: Tx,
  site: SiteForPayout,
  day: string,
): Promise<BuildResult> {
  const { merchantId, siteId, currency } = site;
  const { start, end } = tradingDayBounds(day, site.settlementWindow, site.timeZone);
  const startIso = start.toISOString();
  const endIso = end.toISOString();
  const lookbackIso = new Date(start.getTime() - LATE_CAPTURE_DAYS * 86_400_000).toISOString();

  // 1. The mark, with the rates in force that day (net settlement when none are set).
  const [marked] = rowsOf<{ settlement_type: string; rate_id: string | null }>(
    await tx.execute(sql`
      with rate as (
        select id, settlement_type from rates
         where merchant_id = ${merchantId} and effective_from <= ${day}
           and (effective_to is null or effective_to > ${day})
         order by effective_from desc limit 1)
      insert into payout_days (merchant_id, site_id, trading_day, currency, settlement_type, window_start, window_end)
      select ${merchantId}, ${siteId}, ${day}, ${currency},
             coalesce((select settlement_type from rate), 'net'), ${startIso}, ${endIso}
      on conflict do nothing
      returning settlement_type, (select id from rate)::text as rate_id`),
  );
  if (!marked) return { built: false };
  const invoiced = marked.settlement_type === 'gross';

  // The site's first trading day built (this day's mark included): no refund asked for before it is booked.
  const ledgerStart = sql`(select x.window_start from payout_days x
                            where x.merchant_id = ${merchantId} and x.site_id = ${siteId} order by x.trading_day limit 1)`;

  // 2. The day's entries, in one statement. Payments taken in the window, or up to a week before and
  // captured (changed) in it.
  const captured = sql`t.merchant_id = ${merchantId} and t.site_id = ${siteId} and t.currency = ${currency}
    and t.status in (${list(CAPTURED_STATUSES)})
    and t.created_at < ${endIso}
    and (t.created_at >= ${startIso} or (t.created_at >= ${lookbackIso} and t.updated_at >= ${startIso}))`;
  const parts: SQL[] = [
    sql`select t.merchant_id, t.site_id, t.id, null::uuid, 'payment', t.amount, t.currency,
           'Payment ' || t.psp_reference, t.created_at, ${day}::date, 'payment:' || t.id, false
      from transactions t where ${captured}`,
    sql`select t.merchant_id, t.site_id, t.id, null::uuid, 'tip', t.tip_amount, t.currency,
           'Tip ' || t.psp_reference, t.created_at, ${day}::date, 'tip:' || t.id, false
      from transactions t where ${captured} and t.tip_amount > 0`,
    // Refunds of the site's payments that succeeded, and standalone refund transactions: those asked for in the
    // window, and those asked for earlier (from the site's first day) that changed in or after it, not booked yet
    // (decision 0133: a refund still pending when its day was built is booked by the first day built after).
    sql`select f.merchant_id, t.site_id, t.id, f.id, 'refund', -f.amount, f.currency,
           'Refund ' || coalesce(f.psp_reference, t.psp_reference), f.created_at, ${day}::date, 'refund:' || f.id, false
      from refunds f join transactions t on t.merchant_id = f.merchant_id and t.id = f.transaction_id
     where f.merchant_id = ${merchantId} and t.site_id = ${siteId} and f.currency = ${currency}
       and f.status = 'succeeded' and f.created_at < ${endIso}
       and (f.created_at >= ${startIso} or f.updated_at >= ${startIso}) and f.created_at >= ${ledgerStart}`,
    sql`select t.merchant_id, t.site_id, t.id, null::uuid, 'refund', -t.amount, t.currency,
           'Refund ' || t.psp_reference, t.created_at, ${day}::date, 'refund:' || t.id, false
      from transactions t
     where t.merchant_id = ${merchantId} and t.site_id = ${siteId} and t.currency = ${currency}
       and t.status in (${list(REFUND_TRANSACTION_STATUSES)}) and t.created_at < ${endIso}
       and (t.created_at >= ${startIso} or t.updated_at >= ${startIso}) and t.created_at >= ${ledgerStart}`,
    // A booked refund that no longer succeeded is credited back (decision 0133).
    sql`select f.merchant_id, e.site_id, t.id, f.id, 'refund', -e.amount, e.currency,
           'Refund reversed ' || coalesce(f.psp_reference, t.psp_reference), f.updated_at, ${day}::date,
           'refund-reversal:' || f.id, false
      from refunds f
      join ledger_entries e on e.merchant_id = f.merchant_id and e.source_key = 'refund:' || f.id and e.site_id = ${siteId}
      join transactions t on t.merchant_id = f.merchant_id and t.id = f.transaction_id
     where f.merchant_id = ${merchantId} and f.status <> 'succeeded' and f.updated_at < ${endIso}`,
    // A chargeback is booked when the payment turns chargedback; a reversal when a charged-back payment is
    // captured again (the PSP's CHARGEBACK_REVERSED).
    sql`select t.merchant_id, t.site_id, t.id, null::uuid, 'chargeback', -(t.amount + t.tip_amount), t.currency,
           'Chargeback ' || t.psp_reference, greatest(t.updated_at, t.created_at), ${day}::date, 'chargeback:' || t.id, false
      from transactions t
     where t.merchant_id = ${merchantId} and t.site_id = ${siteId} and t.currency = ${currency}
       and t.status = 'chargedback' and t.created_at < ${endIso}
       and greatest(t.updated_at, t.created_at) >= ${startIso} and greatest(t.updated_at, t.created_at) < ${endIso}`,
    sql`select t.merchant_id, t.site_id, t.id, null::uuid, 'chargeback-reversal', -c.amount, t.currency,
           'Chargeback reversed ' || t.psp_reference, t.updated_at, ${day}::date, 'chargeback-reversal:' || t.id, false
      from ledger_entries c join transactions t on t.merchant_id = c.merchant_id and t.id = c.transaction_id
     where c.merchant_id = ${merchantId} and c.site_id = ${siteId} and c.type = 'chargeback'
       and t.status not in ('chargedback', 'chargeback-pending') and t.updated_at < ${endIso}`,
  ];
  if (marked.rate_id) {
    parts.push(sql`select t.merchant_id, t.site_id, t.id, null::uuid, 'fee', -${feeSql}, t.currency,
           'Processing fee ' || t.psp_reference, t.created_at, ${day}::date, 'fee:' || t.id, ${invoiced}
      from transactions t join rates r on r.merchant_id = t.merchant_id and r.id = ${marked.rate_id}
     where ${captured} and ${feeSql} > 0`);
  }
  // Monthly fees and credits fall due on the first trading day of the month, on the merchant's first site.
  if (day.endsWith('-01')) {
    parts.push(sql`select a.merchant_id, ${siteId}::uuid, null::uuid, null::uuid, 'adjustment',
           case when a.kind = 'credit' then a.amount else -a.amount end, a.currency,
           a.description, ${startIso}::timestamptz, ${day}::date,
           'adjustment:' || a.id || ':' || ${day.slice(0, 7)}, ${invoiced}
      from billing_adjustments a
     where a.merchant_id = ${merchantId} and a.kind in ('monthly-fee', 'credit') and a.amount is not null
       and a.currency = ${currency} and a.starts_on <= ${day} and (a.ends_on is null or a.ends_on >= ${day})
       and ${siteId} = (select s.id from sites s where s.merchant_id = ${merchantId} and s.deleted_at is null
                         order by s.created_at, s.id limit 1)`);
  }
  await tx.execute(sql`
    insert into ledger_entries (merchant_id, site_id, transaction_id, refund_id, type, amount, currency,
                                description, occurred_at, trading_day, source_key, invoiced)
    ${sql.join(parts, sql` union all `)}
    on conflict (merchant_id, source_key) do nothing`);

  // 3. The daily summary.
  const [summary] = rowsOf<{ net: string }>(
    await tx.execute(sql`
      update payout_days d set gross_amount = s.gross, refunds_amount = s.refunds, fees_amount = s.fees,
             net_amount = s.net, transaction_count = s.count
        from (select coalesce(sum(amount) filter (where type in ('payment', 'tip')), 0) as gross,
                     coalesce(sum(amount) filter (where type in ('refund', 'chargeback', 'chargeback-reversal')), 0) as refunds,
                     coalesce(-sum(amount) filter (where type in ('fee', 'adjustment', 'device-rental')), 0) as fees,
                     coalesce(sum(amount) filter (where not invoiced), 0) as net,
                     count(*) filter (where type = 'payment') as count
                from ledger_entries
               where merchant_id = ${merchantId} and site_id = ${siteId} and trading_day = ${day}) s
       where d.merchant_id = ${merchantId} and d.site_id = ${siteId} and d.trading_day = ${day}
      returning s.net::text as net`),
  );
  const netAmount = Number(summary?.net ?? 0);

  // 4. Everything not yet paid out up to this day, paid when positive; otherwise carried to the next day.
  const unsettled = sql`merchant_id = ${merchantId} and site_id = ${siteId} and payout_id is null
    and not invoiced and trading_day <= ${day}`;
  const [balance] = rowsOf<{ payable: string; payout_id: string | null }>(
    await tx.execute(sql`
      with balance as (
        select coalesce(sum(amount), 0) as payable,
               coalesce(sum(amount) filter (where type in ('payment', 'tip')), 0) as gross,
               coalesce(-sum(amount) filter (where type in ('fee', 'adjustment', 'device-rental')), 0) as fees
          from ledger_entries where ${unsettled}),
      payout as (
        insert into payouts (merchant_id, site_id, status, payout_date, amount, gross_amount, fees_amount, currency,
                             reference, expected_arrival, created_at, updated_at)
        select ${merchantId}, ${siteId}, 'pending', ${day}, payable, gross, fees, ${currency},
               ${`PO-${day.replaceAll('-', '')}-${siteId.slice(0, 6).toUpperCase()}`}, ${nextBusinessDay(addDays(day, 1))},
               ${endIso}, ${endIso}
          from balance where payable > 0
        returning id),
      entries as (
        update ledger_entries set payout_id = (select id from payout)
         where ${unsettled} and exists (select 1 from payout) returning 1),
      days as (
        update payout_days set payout_id = (select id from payout)
         where merchant_id = ${merchantId} and site_id = ${siteId} and payout_id is null and trading_day <= ${day}
           and exists (select 1 from payout) returning 1)
      select payable::text as payable, (select id from payout)::text as payout_id,
             (select count(*) from entries) + (select count(*) from days) as touched
        from balance`),
  );
  return {
    built: true,
    payoutId: balance?.payout_id ?? null,
    netAmount,
    payable: Number(balance?.payable ?? 0),
  };
}

/**
 * The demo replay as it was: every closed trading day from `from` to `now`, in order, each site's day built by
 * the per-day builder above, then the simulated bank at the day's close (what `replayPayouts` must match).
 * Returns the site-days built.
 */
export async function referenceReplay(
  tx: Tx,
  options: {
    merchantId: string;
    currency: string;
    timeZone: string;
    sites: readonly { siteId: string; settlementWindow: string }[];
    from: Date;
    now: Date;
  },
): Promise<number> {
  const { merchantId, currency, timeZone, now } = options;
  const plans = options.sites.map((site) => ({
    ...site,
    first: tradingDayOf(options.from, site.settlementWindow, timeZone),
    last: lastClosedTradingDay(now, site.settlementWindow, timeZone),
  }));
  const firstDay = plans.reduce((min, plan) => (plan.first < min ? plan.first : min), '9999-12-31');
  const lastDay = plans.reduce((max, plan) => (plan.last > max ? plan.last : max), '0000-01-01');
  let siteDays = 0;
  for (let day = firstDay; day <= lastDay; day = addDays(day, 1)) {
    let close = new Date(0);
    for (const plan of plans) {
      if (day < plan.first || day > plan.last) continue;
      const site = {
        merchantId,
        siteId: plan.siteId,
        settlementWindow: plan.settlementWindow,
        timeZone,
        currency,
      };
      await referenceBuildPayoutDay(tx, site, day);
      siteDays++;
      const { end } = tradingDayBounds(day, plan.settlementWindow, timeZone);
      if (end > close) close = end;
    }
    await runBank(tx, { now: close, merchantId, today: calendarDateIn(close, timeZone) });
  }
  await runBank(tx, { now, merchantId });
  return siteDays;
}
