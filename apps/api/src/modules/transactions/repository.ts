import type { PaymentSource, TransactionStatus } from '@mp/domain/enums';
import { and, asc, eq, gte, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { preparedStatement, type Tx } from '../../access/tenant-db.ts';
import { isoInstant } from '../../db/pg-result.ts';
import {
  devices,
  ledgerEntries,
  pspNotifications,
  refundDailyTotals,
  refunds,
  sites,
  transactionDailyStatusTotals,
  transactionDailyTotals,
  transactions,
} from '../../db/schema/index.ts';
import type { transactionSchema } from './schemas.ts';

export interface ListFilter {
  merchantId: string;
  /** The start of `fromDay` in the merchant's time zone. */
  from: Date;
  /** Exclusive: the start of the day after `toDay`. */
  to: Date;
  /**
   * The range's first and last calendar days (YYYY-MM-DD) when they are days of the merchant's current time zone,
   * the daily roll-up's days (the list). Without them the totals read the rows (a report keeps the zone it was
   * asked in, and its count must match its rows exactly).
   */
  days?: { first: string; last: string } | undefined;
  /** Only these sites; undefined for every site. */
  siteIds: readonly string[] | undefined;
  status?: string | undefined;
  source?: string | undefined;
  /** 4 digits: last four; 6 digits: BIN prefix (SPEC §5 card summary). */
  card?: string | undefined;
  minAmount?: number | undefined;
  maxAmount?: number | undefined;
}

const transactionColumns = {
  id: transactions.id,
  pspReference: transactions.pspReference,
  merchantReference: transactions.merchantReference,
  createdAt: transactions.createdAt,
  siteId: transactions.siteId,
  /** What a person reads: the site's display name, else its name (as the site filters show it). */
  siteName: sql<string>`coalesce(${sites.displayName}, ${sites.name})`,
  deviceId: transactions.deviceId,
  deviceLabel: sql<string | null>`coalesce(${devices.label}, ${devices.serial})`,
  amount: transactions.amount,
  tipAmount: transactions.tipAmount,
  currency: transactions.currency,
  status: transactions.status,
  source: transactions.source,
  cardScheme: transactions.cardScheme,
  cardBin: transactions.cardBin,
  cardLastFour: transactions.cardLastFour,
  cardRegion: transactions.cardRegion,
};
export interface TransactionRow {
  id: string;
  pspReference: string;
  merchantReference: string | null;
  createdAt: Date;
  siteId: string;
  siteName: string;
  deviceId: string | null;
  deviceLabel: string | null;
  amount: number;
  tipAmount: number;
  currency: string;
  status: string;
  source: string;
  cardScheme: string | null;
  cardBin: string | null;
  cardLastFour: string | null;
  cardRegion: string | null;
}

/**
 * A row of `transactionColumns` as the driver answers it in array mode (Drizzle asks for arrays; timestamps come
 * as text, bigints as text or bigint), in the columns' order, mapped by hand: Drizzle's own mapping walks every
 * column's type per value (`mapResultRow`, `is()`), a part of the list page's CPU in the API's profile
 * (docs/PERFORMANCE.md, session 14). The reports' batches (`list`); the list route maps to its items directly.
 */
function transactionFromArray(row: unknown[], at = 0): TransactionRow {
  return {
    id: row[at] as string,
    pspReference: row[at + 1] as string,
    merchantReference: row[at + 2] as string | null,
    createdAt: new Date(row[at + 3] as string),
    siteId: row[at + 4] as string,
    siteName: row[at + 5] as string,
    deviceId: row[at + 6] as string | null,
    deviceLabel: row[at + 7] as string | null,
    amount: Number(row[at + 8]),
    tipAmount: Number(row[at + 9]),
    currency: row[at + 10] as string,
    status: row[at + 11] as string,
    source: row[at + 12] as string,
    cardScheme: row[at + 13] as string | null,
    cardBin: row[at + 14] as string | null,
    cardLastFour: row[at + 15] as string | null,
    cardRegion: row[at + 16] as string | null,
  };
}
if (
  Object.keys(transactionColumns).join() !==
  'id,pspReference,merchantReference,createdAt,siteId,siteName,deviceId,deviceLabel,amount,tipAmount,currency,status,source,cardScheme,cardBin,cardLastFour,cardRegion'
)
  throw new Error(
    'transactionFromArray reads the columns in the order of transactionColumns: keep them in step',
  );

/** A transaction as the list answers it: `transactionSchema`'s object, as `toTransaction` makes it from a row. */
export type TransactionItem = z.output<typeof transactionSchema>;

/**
 * A row of `transactionColumns` (array mode, as `transactionFromArray` reads it) straight into the list's item:
 * one object a row instead of a row and then `toTransaction`'s copy of it, and the instant written from its text
 * (`isoInstant`) instead of parsed into a Date and written out again. `test/transactions-list.test.ts` holds the
 * list's bytes to the search route's, which answers `toTransaction`'s objects.
 */
function transactionItemFromArray(row: unknown[], at = 0): TransactionItem {
  return {
    id: row[at] as string,
    pspReference: row[at + 1] as string,
    merchantReference: row[at + 2] as string | null,
    createdAt: isoInstant(row[at + 3] as string),
    siteId: row[at + 4] as string,
    siteName: row[at + 5] as string,
    deviceId: row[at + 6] as string | null,
    deviceLabel: row[at + 7] as string | null,
    amount: Number(row[at + 8]),
    tipAmount: Number(row[at + 9]),
    currency: row[at + 10] as string,
    status: row[at + 11] as TransactionStatus,
    source: row[at + 12] as PaymentSource,
    card: {
      scheme: row[at + 13] as string | null,
      bin: row[at + 14] as string | null,
      lastFour: row[at + 15] as string | null,
      region: row[at + 16] as string | null,
    },
  };
}

/**
 * `builder`'s prepared statement answering its array-mode rows through `map` (Drizzle's `customResultMapper`,
 * which its own relational queries use) instead of its per-column mapping.
 */
function mappedWith<T>(
  builder: { prepare(name: string): { execute(values?: Record<string, unknown>): Promise<unknown[]> } },
  map: (row: unknown[]) => T,
) {
  return {
    prepare(name: string) {
      const prepared = builder.prepare(name);
      (prepared as unknown as { customResultMapper: (rows: unknown[][]) => T[] }).customResultMapper = (
        rows,
      ) => rows.map((row) => map(row));
      return prepared as unknown as { execute(values?: Record<string, unknown>): Promise<T[]> };
    },
  };
}

/** Transactions with their site's name and their terminal's label, for the list, the search and the detail. */
const selectTransactions = (tx: Tx) =>
  tx
    .select(transactionColumns)
    .from(transactions)
    .innerJoin(sites, and(eq(sites.merchantId, transactions.merchantId), eq(sites.id, transactions.siteId)))
    .leftJoin(
      devices,
      and(eq(devices.merchantId, transactions.merchantId), eq(devices.id, transactions.deviceId)),
    );

/** The order of (merchant_id[, site_id], created_at desc, id desc) indexes, which are NULLS LAST. */
const NEWEST_FIRST = sql`${transactions.createdAt} desc nulls last, ${transactions.id} desc nulls last`;

/**
 * Which filters a list request has: each shape is one statement built once by Drizzle (at most 2 × 2 × 2 × 3 ×
 * 2 × 2 × 2 = 192 of them), its values bound by name; those without a card or amount filter are also named
 * statements, planned once per connection.
 */
interface ListShape {
  /** One site (`site_id = $`: the site's own index, in order) or several (`= any($)`). */
  sites: 'all' | 'one' | 'several';
  status: boolean;
  source: boolean;
  card: 'none' | 'last-four' | 'bin';
  minAmount: boolean;
  maxAmount: boolean;
}

const shapeOf = (filter: ListFilter): ListShape => ({
  sites: filter.siteIds === undefined ? 'all' : filter.siteIds.length === 1 ? 'one' : 'several',
  status: Boolean(filter.status),
  source: Boolean(filter.source),
  card: filter.card === undefined ? 'none' : filter.card.length === 4 ? 'last-four' : 'bin',
  minAmount: filter.minAmount !== undefined,
  maxAmount: filter.maxAmount !== undefined,
});

const shapeKey = (shape: ListShape) =>
  `${shape.sites === 'all' ? '' : shape.sites === 'one' ? 'e' : 'y'}${shape.status ? 't' : ''}${shape.source ? 'o' : ''}${shape.card === 'none' ? '' : shape.card === 'bin' ? 'b' : 'l'}${shape.minAmount ? 'm' : ''}${shape.maxAmount ? 'x' : ''}`;

/** The values of a shape's placeholders (names as in `listWherePlaceholders`). */
function listValues(filter: ListFilter): Record<string, unknown> {
  return {
    merchantId: filter.merchantId,
    from: filter.from,
    to: filter.to,
    siteIds: filter.siteIds,
    siteId: filter.siteIds?.length === 1 ? filter.siteIds[0] : undefined,
    status: filter.status,
    source: filter.source,
    card: filter.card,
    // The BIN's prefix range ends before the BIN with its last digit raised by one ('424249' → '42424:').
    cardEnd:
      filter.card?.length === 6
        ? `${filter.card.slice(0, 5)}${String.fromCharCode(filter.card.charCodeAt(5) + 1)}`
        : undefined,
    minAmount: filter.minAmount,
    maxAmount: filter.maxAmount,
  };
}

/** The list filter's conditions for a prepared statement of `shape`, as placeholders (values: `listValues`). */
function listWherePlaceholders(shape: ListShape): SQL | undefined {
  const p = sql.placeholder;
  return and(
    eq(transactions.merchantId, p('merchantId')),
    gte(transactions.createdAt, p('from')),
    lt(transactions.createdAt, p('to')),
    shape.sites === 'one'
      ? eq(transactions.siteId, p('siteId'))
      : shape.sites === 'several'
        ? sql`${transactions.siteId} = any(${p('siteIds')}::uuid[])`
        : undefined,
    shape.status ? eq(transactions.status, p('status')) : undefined,
    shape.source ? eq(transactions.source, p('source')) : undefined,
    shape.card === 'none'
      ? undefined
      : shape.card === 'last-four'
        ? eq(transactions.cardLastFour, p('card'))
        : // The stored BINs (6 to 8 digits) that start with the 6 asked for, as a byte-order range
          // (`transactions_merchant_card_bin_idx`, text_pattern_ops). Not `like`: it is not leakproof, so under
          // row-level security it is a filter after the policy, never an index condition (the whole range read).
          sql`${transactions.cardBin} ~>=~ ${p('card')} and ${transactions.cardBin} ~<~ ${p('cardEnd')}`,
    shape.minAmount ? gte(transactions.amount, p('minAmount')) : undefined,
    shape.maxAmount ? lte(transactions.amount, p('maxAmount')) : undefined,
  );
}

/** One prepared statement per key, made on first use. */
function preparedByKey<T>(
  prefix: string,
  build: (key: string) => Parameters<typeof preparedStatement<T>>[1],
): (key: string) => ReturnType<typeof preparedStatement<T>> {
  const made = new Map<string, ReturnType<typeof preparedStatement<T>>>();
  return (key) => {
    let statement = made.get(key);
    if (!statement) {
      // A BIN or an amount filter, or several sites, stays an unnamed statement, planned for its values each
      // time: a generic plan reads a parameter's range as 0.5 % of the rows whatever it holds. A card's last four
      // is named: its generic plan reads the last four's index (an equality: the column's 1/n-distinct, ~100
      // rows at 1M), as the plan for the values does, for the page alone, after a key and with its totals
      // (EXPLAIN with force_generic_plan, docs/PERFORMANCE.md session 16), and PostgreSQL no longer plans it on
      // every request (0.5–2 ms). Session 13 had seen a generic plan walk the created-at index for it.
      const planOnce = !/[bmxy]/.test(key);
      statement = preparedStatement(planOnce ? `${prefix}_${key || 'plain'}` : '', build(key));
      made.set(key, statement);
    }
    return statement;
  };
}

const shapeFromKey = (key: string): ListShape => ({
  sites: key.includes('e') ? 'one' : key.includes('y') ? 'several' : 'all',
  status: key.includes('t'),
  source: key.includes('o'),
  card: key.includes('b') ? 'bin' : key.includes('l') ? 'last-four' : 'none',
  minAmount: key.includes('m'),
  maxAmount: key.includes('x'),
});

/**
 * The page's statement of a shape (key: `shapeKey`, then `k` when it starts after a key): built by Drizzle once,
 * parsed and planned by PostgreSQL once per connection (the API sent each page's text to be parsed and planned
 * again: ~1 ms of planning a request at 1M rows, docs/PERFORMANCE.md).
 */
function pageQuery(tx: Tx, key: string) {
  const shape = shapeFromKey(key);
  const p = sql.placeholder;
  return (
    selectTransactions(tx)
      .where(
        and(
          listWherePlaceholders(shape),
          // A row comparison is an index condition (the page starts at the key); the OR of the two cases was a
          // filter, so each page walked the range from its newest row (issue 12 §5: O(n²) over a 1M export).
          key.endsWith('k')
            ? sql`(${transactions.createdAt}, ${transactions.id}) < (${p('afterCreatedAt')}::timestamptz, ${p('afterId')}::uuid)`
            : undefined,
        ),
      )
      // NULLS LAST as the indexes are declared (`desc()` alone means NULLS FIRST, which no index provides: every
      // page sorted the whole range). Both columns are NOT NULL, so the order is the same.
      .orderBy(NEWEST_FIRST)
      .limit(p('limit'))
  );
}

/**
 * The page's statement of a shape (key: `shapeKey`, then `k` when it starts after a key): built by Drizzle once,
 * parsed and planned by PostgreSQL once per connection (the API sent each page's text to be parsed and planned
 * again: ~1 ms of planning a request at 1M rows, docs/PERFORMANCE.md).
 */
const listPage = preparedByKey<TransactionRow[]>(
  'transactions_list',
  (key) => (tx) => mappedWith(pageQuery(tx, key), transactionFromArray),
);

/** `listPage` answering the list's items (`transactionItemFromArray`): the list route's later pages. */
const listItemsPage = preparedByKey<TransactionItem[]>(
  'transactions_list_items',
  (key) => (tx) => mappedWith(pageQuery(tx, key), transactionItemFromArray),
);

export interface CurrencyTotals {
  currency: string;
  count: number;
  amount: number;
  tipAmount: number;
}

/** The totals' columns as `pageAndTotals` reads them (`x`), and the page's (`p`), named for the outer query. */
const PAGE_COLUMNS = sql.raw(
  'id, psp_reference, merchant_reference, created_at, site_id, site_name, device_id, device_label, amount, ' +
    'tip_amount, currency, status, source, card_scheme, card_bin, card_last_four, card_region',
);

export interface PageAndTotals {
  rows: TransactionItem[];
  totals: CurrencyTotals[];
  /** False when the one site asked for is not the merchant's (then no rows). */
  siteFound: boolean;
}

/**
 * A first page and its per-currency totals in one statement (one round trip, and one statement that can travel
 * with the access check): the totals (from a roll-up, or from the rows for a card or an amount) as one JSON array
 * on every row, as text (the driver parsed the JSON of all 51 rows; it is read once, from the first), the page's
 * rows joined to it (none: one row whose page columns are null).
 */
const pageAndTotals = preparedByKey<PageAndTotals>('transactions_list_first', (key) => (tx) => {
  const totals = /[blmx]/.test(key) ? rowTotalsQuery(tx, key) : rollupTotalsQuery(tx, key);
  // One site asked for: whether it is the merchant's (and not deleted), else a 404 (no page read).
  const found =
    shapeFromKey(key).sites === 'one'
      ? sql`exists (select 1 from ${sites} where ${sites.merchantId} = ${sql.placeholder('merchantId')}
                and ${sites.id} = ${sql.placeholder('siteId')} and ${sites.deletedAt} is null)`
      : sql`true`;
  const statement = sql`select t.totals::text, t.found, p.*
      from (select coalesce(json_agg(json_build_array(x.currency, x.count, x.amount, x.tip_amount)
                      order by x.currency), '[]'::json), ${found}
              from ${totals} as x(currency, count, amount, tip_amount)) as t(totals, found)
      left join lateral ${pageQuery(tx, key)} as p(${PAGE_COLUMNS}) on t.found
      order by p.created_at desc, p.id desc`;
  const { session, dialect } = tx as unknown as {
    session: {
      prepareQuery(
        query: unknown,
        fields: undefined,
        name: string,
        arrayMode: true,
        map: (rows: unknown[][]) => PageAndTotals,
      ): { execute(values?: Record<string, unknown>): Promise<PageAndTotals> };
    };
    dialect: { sqlToQuery(statement: SQL): unknown };
  };
  return {
    prepare: (name: string) =>
      session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, true, (rows) => {
        const rawTotals = (rows[0] ? JSON.parse(rows[0][0] as string) : []) as [
          string,
          number,
          string,
          string,
        ][];
        return {
          totals: rawTotals.map(([currency, count, amount, tipAmount]) => ({
            currency,
            count,
            amount: Number(amount),
            tipAmount: Number(tipAmount),
          })),
          siteFound: rows[0]?.[1] === true,
          rows: rows.flatMap((row) => (row[2] === null ? [] : [transactionItemFromArray(row, 2)])),
        };
      }),
  };
});

export interface TotalsFilter {
  merchantId: string;
  currency: string;
  /** The period: from the start of `fromDay` (the instant `from`) to `to`, in the merchant's time zone. */
  from: Date;
  fromDay: string;
  to: Date;
  /** The calendar day of `to`, and the instant the next one starts: the roll-up's days run to `today`. */
  today: string;
  tomorrowStart: Date;
  /** Only these sites; undefined for every site. */
  siteIds: readonly string[] | undefined;
}

export interface TotalsRow {
  count: number;
  capturedAmount: number;
  refundTransactionsAmount: number;
  refundsAmount: number;
}

const placeholder = (name: keyof TotalsFilter | 'captured' | 'refund') => sql.placeholder(name);
const inSites = sql`${transactions.siteId} = any(${placeholder('siteIds')}::uuid[])`;

/**
 * Count and sums of the payments taken in the period and of the refunds made in it, in one prepared statement (one
 * per site filter) and one round trip: every day of the period from the daily roll-ups (kept by triggers), less
 * whatever today holds after `to` (an empty index range in real life: payments and refunds are recorded after they
 * happen). Cost grows with the days, not the rows. Every site: the payments from the roll-up per day, currency and
 * status (`transaction_daily_status_totals`, ~14 buckets a day at 1M transactions); some sites: from the one per
 * site and source too (`transaction_daily_totals`, ~190 a day: its 5,762 buckets for 30 days were 7 ms of the
 * route's 1M statement, docs/PERFORMANCE.md session 15).
 */
function totalsSum(sites: 'all' | 'some') {
  const rollupSites = sites === 'some' ? sql`and d.site_id = any(${placeholder('siteIds')}::uuid[])` : sql``;
  const todaySites = sites === 'some' ? sql`and ${inSites}` : sql``;
  const inPeriod = sql`d.merchant_id = ${placeholder('merchantId')} and d.currency = ${placeholder('currency')}
       and d.day >= ${placeholder('fromDay')}::date and d.day <= ${placeholder('today')}::date ${rollupSites}`;
  const rollup = sites === 'some' ? transactionDailyTotals : transactionDailyStatusTotals;
  const payments = sql`(
    select d.count, d.amount, d.tip_amount, d.status
      from ${rollup} d
     where ${inPeriod}
    union all
    select -1, -${transactions.amount}, -${transactions.tipAmount}, ${transactions.status}
      from ${transactions}
     where ${transactions.merchantId} = ${placeholder('merchantId')} and ${transactions.currency} = ${placeholder('currency')}
       and ${transactions.createdAt} > ${placeholder('to')} and ${transactions.createdAt} < ${placeholder('tomorrowStart')}
       ${todaySites}
  ) as period`;
  // Today's succeeded refunds after `to`, taken away again (the site filter needs the refunded transaction's site).
  const refundsAfterTo =
    sites === 'some'
      ? sql`select -r.amount from ${refunds} r join ${transactions}
              on ${transactions.merchantId} = r.merchant_id and ${transactions.id} = r.transaction_id
             where r.merchant_id = ${placeholder('merchantId')} and r.status = 'succeeded' and r.currency = ${placeholder('currency')}
               and r.created_at > ${placeholder('to')} and r.created_at < ${placeholder('tomorrowStart')} ${todaySites}`
      : sql`select -r.amount from ${refunds} r
             where r.merchant_id = ${placeholder('merchantId')} and r.status = 'succeeded' and r.currency = ${placeholder('currency')}
               and r.created_at > ${placeholder('to')} and r.created_at < ${placeholder('tomorrowStart')}`;
  const refunded = sql<string>`(select coalesce(sum(refunded.amount), 0)::text from (
    select d.amount from ${refundDailyTotals} d where ${inPeriod}
    union all
    ${refundsAfterTo}
  ) as refunded(amount))`;
  return (tx: Tx) =>
    tx
      .select({
        count: sql<number>`coalesce(sum(period.count), 0)::int`,
        captured: sql<string>`coalesce(sum(period.amount + period.tip_amount)
          filter (where period.status = any(${placeholder('captured')}::text[])), 0)::text`,
        refundTransactions: sql<string>`coalesce(sum(period.amount)
          filter (where period.status = any(${placeholder('refund')}::text[])), 0)::text`,
        refunds: refunded,
      })
      .from(payments);
}
const totalsOfMerchant = preparedStatement('transactions_totals', totalsSum('all'));
const totalsOfSites = preparedStatement('transactions_totals_sites', totalsSum('some'));

/** The home dashboard's period (issue 11 §4): whole calendar days in the merchant's time zone. */
export interface DashboardFilter {
  merchantId: string;
  timeZone: string;
  fromDay: string;
  toDay: string;
  /** The instants the period starts and ends (exclusive): the refunds are read by their time. */
  from: Date;
  to: Date;
  /** Only these sites; undefined for every site. */
  siteIds: readonly string[] | undefined;
}

export interface DashboardDayRow {
  currency: string;
  day: string;
  count: number;
  captured: number;
  refundTransactions: number;
}

export interface DashboardSourceRow {
  currency: string;
  source: string;
  count: number;
  captured: number;
}

/** The key a keyset page starts after: the last row of the page before. */
type PageAfter = { createdAt: Date; id: string };

/** A keyset page's statement: its filter's shape, and whether it starts after a key. */
const pageKey = (filter: ListFilter, after: PageAfter | undefined) =>
  `${shapeKey(shapeOf(filter))}${after ? 'k' : ''}`;

/** A keyset page's values: the filter's, the key it starts after, and one row more than the page. */
const pageValues = (filter: ListFilter, after: PageAfter | undefined, limit: number) => ({
  ...listValues(filter),
  afterCreatedAt: after?.createdAt.toISOString(),
  afterId: after?.id,
  limit: limit + 1,
});

/** All SQL of the transactions module; runs inside the merchant's RLS transaction (`forMerchant`). */
export const transactionsRepository = {
  /**
   * One keyset page, newest first: an index range scan on (merchant_id[, site_id], created_at desc, id desc),
   * `limit` + 1 rows so the caller knows whether another page follows.
   */
  async list(
    tx: Tx,
    filter: ListFilter,
    after: PageAfter | undefined,
    limit: number,
  ): Promise<TransactionRow[]> {
    return listPage(pageKey(filter, after))(tx, pageValues(filter, after, limit));
  },

  /** `list` as the list route answers it (`TransactionItem`s). */
  async listItems(
    tx: Tx,
    filter: ListFilter,
    after: PageAfter | undefined,
    limit: number,
  ): Promise<TransactionItem[]> {
    return listItemsPage(pageKey(filter, after))(tx, pageValues(filter, after, limit));
  },

  /**
   * `listItems` and `totalsByCurrency` in one statement (`pageAndTotals`): one round trip for a first page with its
   * totals, and one statement, so it can travel with the access check.
   */
  async listWithTotals(
    tx: Tx,
    filter: ListFilter & { days: { first: string; last: string } },
    after: PageAfter | undefined,
    limit: number,
  ): Promise<PageAndTotals> {
    return pageAndTotals(pageKey(filter, after))(tx, {
      ...pageValues(filter, after, limit),
      firstDay: filter.days.first,
      lastDay: filter.days.last,
    });
  },

  /**
   * Count and sums per currency over the whole filtered set (never across currencies). The list's range is whole
   * calendar days in the merchant's zone (`days`), and site, status and source are keys of the daily roll-up
   * (`transaction_daily_totals`, kept by triggers in the writing transaction): without a card or amount filter
   * the sums come from it, so they cost days × buckets, not rows (at 1M transactions, summing the rows of the
   * last 30 days was the list's first page's cost: docs/PERFORMANCE.md). A card or an amount is not in the
   * roll-up: those sums read the filtered rows.
   */
  async totalsByCurrency(tx: Tx, filter: ListFilter) {
    const shape = shapeOf(filter);
    const rows: { currency: string; count: number; amount: string; tipAmount: string }[] =
      filter.days && shape.card === 'none' && !shape.minAmount && !shape.maxAmount
        ? await rollupTotals(shapeKey(shape))(tx, {
            ...listValues(filter),
            firstDay: filter.days.first,
            lastDay: filter.days.last,
          })
        : await rowTotals(shapeKey(shape))(tx, listValues(filter));
    return rows.map((row) => ({ ...row, amount: Number(row.amount), tipAmount: Number(row.tipAmount) }));
  },

  async byPspReferences(
    tx: Tx,
    merchantId: string,
    references: readonly string[],
    siteIds: readonly string[] | undefined,
  ) {
    return selectTransactions(tx)
      .where(
        and(
          eq(transactions.merchantId, merchantId),
          inArray(transactions.pspReference, [...references]),
          siteIds ? inArray(transactions.siteId, [...siteIds]) : undefined,
        ),
      )
      .orderBy(NEWEST_FIRST);
  },

  async one(tx: Tx, merchantId: string, transactionId: string): Promise<TransactionRow | undefined> {
    const [row] = await selectTransactions(tx).where(
      and(eq(transactions.merchantId, merchantId), eq(transactions.id, transactionId)),
    );
    return row;
  },

  async eventsOf(tx: Tx, merchantId: string, transactionId: string) {
    return tx
      .select({
        eventCode: pspNotifications.eventCode,
        success: pspNotifications.success,
        amount: pspNotifications.amount,
        currency: pspNotifications.currency,
        eventDate: pspNotifications.eventDate,
        reason: pspNotifications.reason,
        pspReference: pspNotifications.pspReference,
      })
      .from(pspNotifications)
      .where(
        and(eq(pspNotifications.merchantId, merchantId), eq(pspNotifications.transactionId, transactionId)),
      )
      .orderBy(asc(pspNotifications.eventDate), asc(pspNotifications.receivedAt));
  },

  async refundsOf(tx: Tx, merchantId: string, transactionId: string) {
    return tx
      .select({
        id: refunds.id,
        amount: refunds.amount,
        currency: refunds.currency,
        status: refunds.status,
        failureReason: refunds.failureReason,
        pspReference: refunds.pspReference,
        createdAt: refunds.createdAt,
      })
      .from(refunds)
      .where(and(eq(refunds.merchantId, merchantId), eq(refunds.transactionId, transactionId)))
      .orderBy(asc(refunds.createdAt));
  },

  async payoutIdsOf(tx: Tx, merchantId: string, transactionId: string): Promise<string[]> {
    const rows = await tx
      .selectDistinct({ payoutId: ledgerEntries.payoutId })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.merchantId, merchantId), eq(ledgerEntries.transactionId, transactionId)));
    return rows.flatMap((row) => (row.payoutId ? [row.payoutId] : []));
  },

  async siteExists(tx: Tx, merchantId: string, siteId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.merchantId, merchantId), eq(sites.id, siteId), isNull(sites.deletedAt)))
      .limit(1);
    return Boolean(row);
  },

  /**
   * Sums over the merchant's transactions created in [from, to] (the roll-up's days less today after `to`), and
   * its succeeded refunds made then (both from the daily roll-ups, one statement).
   */
  async totals(
    tx: Tx,
    filter: TotalsFilter,
    statuses: { captured: readonly string[]; refund: readonly string[] },
  ): Promise<TotalsRow> {
    const values = {
      merchantId: filter.merchantId,
      currency: filter.currency,
      from: filter.from,
      fromDay: filter.fromDay,
      to: filter.to,
      today: filter.today,
      tomorrowStart: filter.tomorrowStart,
      captured: statuses.captured,
      refund: statuses.refund,
      siteIds: filter.siteIds,
    };
    const [row] = await (filter.siteIds ? totalsOfSites : totalsOfMerchant)(tx, values);
    return {
      count: row?.count ?? 0,
      capturedAmount: Number(row?.captured ?? 0),
      refundTransactionsAmount: Number(row?.refundTransactions ?? 0),
      refundsAmount: Number(row?.refunds ?? 0),
    };
  },

  /**
   * The dashboard's payments per currency and day, from the daily roll-up only (its cost grows with days and
   * sites, not rows): how many were taken, how much of it was captured, how much was standalone refunds.
   */
  async dashboardDays(
    tx: Tx,
    filter: DashboardFilter,
    statuses: { captured: readonly string[]; refund: readonly string[] },
  ): Promise<DashboardDayRow[]> {
    const d = transactionDailyTotals;
    const rows = await tx
      .select({
        currency: d.currency,
        day: d.day,
        count: sql<string>`sum(${d.count})::text`,
        captured: sql<string>`coalesce(sum(${d.amount} + ${d.tipAmount})
          filter (where ${inArray(d.status, [...statuses.captured])}), 0)::text`,
        refundTransactions: sql<string>`coalesce(sum(${d.amount})
          filter (where ${inArray(d.status, [...statuses.refund])}), 0)::text`,
      })
      .from(d)
      .where(dashboardRollupWhere(filter))
      .groupBy(d.currency, d.day);
    return rows.map((row) => ({
      currency: row.currency,
      day: row.day,
      count: Number(row.count),
      captured: Number(row.captured),
      refundTransactions: Number(row.refundTransactions),
    }));
  },

  /** The dashboard's payments per currency and source over the period (roll-up only). */
  async dashboardSources(
    tx: Tx,
    filter: DashboardFilter,
    statuses: { captured: readonly string[] },
  ): Promise<DashboardSourceRow[]> {
    const d = transactionDailyTotals;
    const rows = await tx
      .select({
        currency: d.currency,
        source: d.source,
        count: sql<string>`sum(${d.count})::text`,
        captured: sql<string>`coalesce(sum(${d.amount} + ${d.tipAmount})
          filter (where ${inArray(d.status, [...statuses.captured])}), 0)::text`,
      })
      .from(d)
      .where(dashboardRollupWhere(filter))
      .groupBy(d.currency, d.source);
    return rows.map((row) => ({
      currency: row.currency,
      source: row.source,
      count: Number(row.count),
      captured: Number(row.captured),
    }));
  },

  /**
   * Succeeded refunds made in the period, per currency and calendar day of the refund in the merchant's zone (a
   * refund counts on the day the money went back, whatever the payment's date), from the refunds' daily roll-up
   * (whole days, so nothing to take away).
   */
  async dashboardRefunds(
    tx: Tx,
    filter: DashboardFilter,
  ): Promise<{ currency: string; day: string; amount: number }[]> {
    const d = refundDailyTotals;
    const rows = await tx
      .select({ currency: d.currency, day: d.day, amount: sql<string>`sum(${d.amount})::text` })
      .from(d)
      .where(
        and(
          eq(d.merchantId, filter.merchantId),
          gte(d.day, filter.fromDay),
          lte(d.day, filter.toDay),
          filter.siteIds ? inArray(d.siteId, [...filter.siteIds]) : undefined,
        ),
      )
      .groupBy(d.currency, d.day);
    return rows
      .filter((row) => Number(row.amount) !== 0)
      .map((row) => ({ currency: row.currency, day: row.day, amount: Number(row.amount) }));
  },
};

/**
 * The list's per-currency totals from the daily roll-ups: the filter's days, sites, status and source are bucket
 * keys. Without a site or source filter, the roll-up per day, currency and status (~10 buckets a day against ~190
 * of the one with sites and sources: at 1M transactions, summing those was the first page's costliest statement,
 * docs/PERFORMANCE.md). A currency whose buckets net to no transaction (every one moved or deleted) is left out,
 * as the rows' grouping leaves it out.
 */
function rollupTotalsQuery(tx: Tx, key: string) {
  const shape = shapeFromKey(key);
  const p = sql.placeholder;
  const totalsOf = <T extends typeof transactionDailyTotals | typeof transactionDailyStatusTotals>(
    d: T,
    keys: SQL | undefined,
  ) =>
    tx
      .select({
        currency: d.currency,
        count: sql<number>`sum(${d.count})::int`,
        amount: sql<string>`sum(${d.amount})::text`,
        tipAmount: sql<string>`sum(${d.tipAmount})::text`,
      })
      .from(d as typeof transactionDailyTotals)
      .where(
        and(
          eq(d.merchantId, p('merchantId')),
          sql`${d.day} >= ${p('firstDay')}::date`,
          sql`${d.day} <= ${p('lastDay')}::date`,
          shape.status ? eq(d.status, p('status')) : undefined,
          keys,
        ),
      )
      .groupBy(d.currency)
      .having(sql`sum(${d.count}) <> 0`)
      .orderBy(d.currency);
  if (shape.sites === 'all' && !shape.source) return totalsOf(transactionDailyStatusTotals, undefined);
  const d = transactionDailyTotals;
  return totalsOf(
    d,
    and(
      shape.sites === 'one'
        ? eq(d.siteId, p('siteId'))
        : shape.sites === 'several'
          ? sql`${d.siteId} = any(${p('siteIds')}::uuid[])`
          : undefined,
      shape.source ? eq(d.source, p('source')) : undefined,
    ),
  );
}
const rollupTotals = preparedByKey<{ currency: string; count: number; amount: string; tipAmount: string }[]>(
  'transactions_list_rollup',
  (key) => (tx) => rollupTotalsQuery(tx, key),
);

/** The list's totals from the filtered rows (a card or an amount filter: not keys of the roll-up). */
function rowTotalsQuery(tx: Tx, key: string) {
  return tx
    .select({
      currency: transactions.currency,
      count: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${transactions.amount}), 0)::text`,
      tipAmount: sql<string>`coalesce(sum(${transactions.tipAmount}), 0)::text`,
    })
    .from(transactions)
    .where(listWherePlaceholders(shapeFromKey(key)))
    .groupBy(transactions.currency)
    .orderBy(transactions.currency);
}
const rowTotals = preparedByKey<{ currency: string; count: number; amount: string; tipAmount: string }[]>(
  'transactions_list_sums',
  (key) => (tx) => rowTotalsQuery(tx, key),
);

function dashboardRollupWhere(filter: DashboardFilter): SQL | undefined {
  const d = transactionDailyTotals;
  return and(
    eq(d.merchantId, filter.merchantId),
    gte(d.day, filter.fromDay),
    lte(d.day, filter.toDay),
    filter.siteIds ? inArray(d.siteId, [...filter.siteIds]) : undefined,
  );
}
