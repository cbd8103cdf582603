import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../access/tenant-db.ts';
import { CAPTURED_STATUSES, REFUND_TRANSACTION_STATUSES } from '../transactions/service.ts';

/** A count of transactions and their amount in minor units. */
export interface EodAmount {
  count: number;
  amount: number;
}

/** One currency's figures for the day (amounts of different currencies are never added together). */
export interface EodCurrencyTotals {
  currency: string;
  /** Payments taken (captured, whether refunded or charged back later), without tips. */
  sales: EodAmount;
  /** Tips on those payments: how many payments carried one, and how much. */
  tips: EodAmount;
  /** Refunds that succeeded in the day, of any day's payment, and standalone refund transactions. */
  refunds: EodAmount;
  /** Payments the card issuer or the terminal declined (status failed). */
  declines: EodAmount;
  /** sales + tips − refunds. */
  net: number;
}

export interface EodSourceRow extends EodAmount {
  source: string;
  currency: string;
  tips: number;
}

export interface EodSchemeRow extends EodAmount {
  /** visa, mastercard, amex, …; `other` when the PSP named none. */
  scheme: string;
  currency: string;
}

export interface EodDeviceRow {
  /** null for payments taken without a terminal (pay by link, tap to pay). */
  deviceId: string | null;
  serial: string | null;
  label: string | null;
  currency: string;
  sales: EodAmount;
  tips: EodAmount;
  refunds: EodAmount;
  declines: EodAmount;
  firstTransactionAt: string | null;
  lastTransactionAt: string | null;
}

export interface EodTransactionRef {
  id: string;
  pspReference: string;
  at: string;
  amount: number;
  currency: string;
  status: string;
}

/** The figures of one site's trading day (issue 12 §4), as stored in `eod_reports.totals`. */
export interface EodTotals {
  /** Every transaction taken in the window, whatever became of it. */
  transactionCount: number;
  currencies: EodCurrencyTotals[];
  bySource: EodSourceRow[];
  byScheme: EodSchemeRow[];
  byDevice: EodDeviceRow[];
  firstTransaction: EodTransactionRef | null;
  lastTransaction: EodTransactionRef | null;
}

/** Payments that count as sales of the day: captured, even if refunded or charged back since. */
export const EOD_SALE_STATUSES = [...CAPTURED_STATUSES, 'chargeback-pending', 'chargedback'] as const;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const list = (values: readonly string[]): SQL =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const zero = (): EodAmount => ({ count: 0, amount: 0 });

/**
 * Reads one site's trading day [start, end) in four set-based queries inside the merchant's transaction (so the
 * figures are one consistent snapshot) and folds them by currency, source, scheme and device.
 */
export async function computeEodTotals(
  tx: Tx,
  day: { merchantId: string; siteId: string; start: Date; end: Date },
): Promise<EodTotals> {
  const { merchantId, siteId } = day;
  const start = day.start.toISOString();
  const end = day.end.toISOString();
  const inWindow = sql`t.merchant_id = ${merchantId} and t.site_id = ${siteId}
    and t.created_at >= ${start} and t.created_at < ${end}`;

  const sales = rowsOf<{
    currency: string;
    source: string;
    scheme: string;
    device_id: string | null;
    count: number;
    amount: string;
    tips: string;
    tip_count: number;
    first_at: Date | string;
    last_at: Date | string;
  }>(
    await tx.execute(sql`
      select t.currency, t.source, coalesce(t.card_scheme, 'other') as scheme, t.device_id,
             count(*)::int as count, sum(t.amount)::text as amount, sum(t.tip_amount)::text as tips,
             (count(*) filter (where t.tip_amount > 0))::int as tip_count,
             min(t.created_at) as first_at, max(t.created_at) as last_at
        from transactions t
       where ${inWindow} and t.status in (${list(EOD_SALE_STATUSES)})
       group by 1, 2, 3, 4`),
  );
  const declines = rowsOf<{
    currency: string;
    device_id: string | null;
    count: number;
    amount: string;
    first_at: Date | string;
    last_at: Date | string;
  }>(
    await tx.execute(sql`
      select t.currency, t.device_id, count(*)::int as count, sum(t.amount)::text as amount,
             min(t.created_at) as first_at, max(t.created_at) as last_at
        from transactions t
       where ${inWindow} and t.status = 'failed'
       group by 1, 2`),
  );
  // Refunds of the site's payments (of any day) that succeeded in the window, and standalone refunds.
  const refunds = rowsOf<{ currency: string; device_id: string | null; count: number; amount: string }>(
    await tx.execute(sql`
      select currency, device_id, count(*)::int as count, sum(amount)::text as amount from (
        select f.currency, t.device_id, f.amount
          from refunds f join transactions t on t.merchant_id = f.merchant_id and t.id = f.transaction_id
         where f.merchant_id = ${merchantId} and t.site_id = ${siteId} and f.status = 'succeeded'
           and f.created_at >= ${start} and f.created_at < ${end}
        union all
        select t.currency, t.device_id, t.amount from transactions t
         where ${inWindow} and t.status in (${list(REFUND_TRANSACTION_STATUSES)})
      ) r group by 1, 2`),
  );
  const ends = rowsOf<{
    id: string;
    psp_reference: string;
    created_at: Date | string;
    amount: string;
    currency: string;
    status: string;
    count: number;
  }>(
    await tx.execute(sql`
      with day as (select t.id, t.psp_reference, t.created_at, t.amount, t.currency, t.status
                     from transactions t where ${inWindow})
      (select *, (select count(*)::int from day) as count from day order by created_at asc, id asc limit 1)
      union all
      (select *, (select count(*)::int from day) as count from day order by created_at desc, id desc limit 1)`),
  );

  const deviceIds = [
    ...new Set(
      [...sales, ...declines, ...refunds].map((row) => row.device_id).filter((id): id is string => !!id),
    ),
  ];
  const devices = new Map<string, { serial: string; label: string | null }>();
  if (deviceIds.length > 0) {
    for (const device of rowsOf<{ id: string; serial: string; label: string | null }>(
      await tx.execute(sql`select id, serial, label from devices
        where merchant_id = ${merchantId} and id in (${list(deviceIds)})`),
    ))
      devices.set(device.id, { serial: device.serial, label: device.label });
  }

  const currencies = new Map<string, EodCurrencyTotals>();
  const currencyOf = (currency: string) => {
    let totals = currencies.get(currency);
    if (!totals) {
      totals = { currency, sales: zero(), tips: zero(), refunds: zero(), declines: zero(), net: 0 };
      currencies.set(currency, totals);
    }
    return totals;
  };
  const bySource = new Map<string, EodSourceRow>();
  const byScheme = new Map<string, EodSchemeRow>();
  const byDevice = new Map<string, EodDeviceRow>();
  const deviceOf = (deviceId: string | null, currency: string) => {
    const key = `${deviceId ?? ''}|${currency}`;
    let row = byDevice.get(key);
    if (!row) {
      const device = deviceId ? devices.get(deviceId) : undefined;
      row = {
        deviceId,
        serial: device?.serial ?? null,
        label: device?.label ?? null,
        currency,
        sales: zero(),
        tips: zero(),
        refunds: zero(),
        declines: zero(),
        firstTransactionAt: null,
        lastTransactionAt: null,
      };
      byDevice.set(key, row);
    }
    return row;
  };
  const widen = (row: EodDeviceRow, first: Date | string, last: Date | string) => {
    const from = iso(first) as string;
    const to = iso(last) as string;
    if (!row.firstTransactionAt || from < row.firstTransactionAt) row.firstTransactionAt = from;
    if (!row.lastTransactionAt || to > row.lastTransactionAt) row.lastTransactionAt = to;
  };

  for (const row of sales) {
    const amount = Number(row.amount);
    const tips = Number(row.tips);
    const totals = currencyOf(row.currency);
    totals.sales.count += row.count;
    totals.sales.amount += amount;
    totals.tips.count += row.tip_count;
    totals.tips.amount += tips;
    const source = bySource.get(`${row.source}|${row.currency}`) ?? {
      source: row.source,
      currency: row.currency,
      count: 0,
      amount: 0,
      tips: 0,
    };
    source.count += row.count;
    source.amount += amount;
    source.tips += tips;
    bySource.set(`${row.source}|${row.currency}`, source);
    const scheme = byScheme.get(`${row.scheme}|${row.currency}`) ?? {
      scheme: row.scheme,
      currency: row.currency,
      count: 0,
      amount: 0,
    };
    scheme.count += row.count;
    scheme.amount += amount;
    byScheme.set(`${row.scheme}|${row.currency}`, scheme);
    const device = deviceOf(row.device_id, row.currency);
    device.sales.count += row.count;
    device.sales.amount += amount;
    device.tips.count += row.tip_count;
    device.tips.amount += tips;
    widen(device, row.first_at, row.last_at);
  }
  for (const row of declines) {
    const totals = currencyOf(row.currency);
    totals.declines.count += row.count;
    totals.declines.amount += Number(row.amount);
    const device = deviceOf(row.device_id, row.currency);
    device.declines.count += row.count;
    device.declines.amount += Number(row.amount);
    widen(device, row.first_at, row.last_at);
  }
  for (const row of refunds) {
    const totals = currencyOf(row.currency);
    totals.refunds.count += row.count;
    totals.refunds.amount += Number(row.amount);
    const device = deviceOf(row.device_id, row.currency);
    device.refunds.count += row.count;
    device.refunds.amount += Number(row.amount);
  }
  for (const totals of currencies.values())
    totals.net = totals.sales.amount + totals.tips.amount - totals.refunds.amount;

  const ref = (row: (typeof ends)[number] | undefined): EodTransactionRef | null =>
    row
      ? {
          id: row.id,
          pspReference: row.psp_reference,
          at: iso(row.created_at) as string,
          amount: Number(row.amount),
          currency: row.currency,
          status: row.status,
        }
      : null;
  const byName =
    <T>(key: (row: T) => string) =>
    (a: T, b: T) =>
      key(a).localeCompare(key(b));
  return {
    transactionCount: ends[0]?.count ?? 0,
    currencies: [...currencies.values()].sort(byName((row) => row.currency)),
    bySource: [...bySource.values()].sort(byName((row) => `${row.currency}|${row.source}`)),
    byScheme: [...byScheme.values()].sort(byName((row) => `${row.currency}|${row.scheme}`)),
    byDevice: [...byDevice.values()].sort(
      byName((row) => `${row.label ?? row.serial ?? '\uffff'}|${row.deviceId ?? ''}|${row.currency}`),
    ),
    firstTransaction: ref(ends[0]),
    lastTransaction: ref(ends[1]),
  };
}
