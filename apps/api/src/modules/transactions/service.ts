import { TRANSACTION_DATE_RANGE_MAX_MONTHS } from '@mp/domain/constants';
import { createCursorCodec } from '@mp/domain/cursor';
import { PAYMENT_SOURCES, type PaymentSource, type TransactionStatus } from '@mp/domain/enums';
import { MESSAGE_CATALOGUES, translate } from '@mp/domain/messages';
import { sitesWithPermission } from '@mp/domain/permissions';
import { addMonths, parseIsoDate } from '@mp/domain/schemas/date-range';
import { addDays, calendarDateIn, zonedTimeToInstant } from '@mp/domain/trading-day';
import type { z } from 'zod';
import type { MerchantAccessContext } from '../../access/route-access.ts';
import { isUuid, type TenantDb, type Tx } from '../../access/tenant-db.ts';
import type { Clock } from '../../clock.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import {
  type ListFilter,
  transactionsRepository as repo,
  type TotalsRow,
  type TransactionItem,
  type TransactionRow,
} from './repository.ts';

type Totals = Awaited<ReturnType<typeof repo.totalsByCurrency>>;

import { TRANSACTIONS_PAGE_SIZE, transactionsQuerySchema } from './schemas.ts';

const listCursor = createCursorCodec('transactions', ['date', 'uuid'] as const);

export function toTransaction(row: TransactionRow) {
  return {
    id: row.id,
    pspReference: row.pspReference,
    merchantReference: row.merchantReference,
    createdAt: row.createdAt.toISOString(),
    siteId: row.siteId,
    siteName: row.siteName,
    deviceId: row.deviceId,
    deviceLabel: row.deviceLabel,
    amount: row.amount,
    tipAmount: row.tipAmount,
    currency: row.currency,
    status: row.status as TransactionStatus,
    source: row.source as PaymentSource,
    card: { scheme: row.cardScheme, bin: row.cardBin, lastFour: row.cardLastFour, region: row.cardRegion },
  };
}

/**
 * What can still be refunded (SPEC §5): the captured money (amount plus tip) of a captured payment, minus its
 * refunds that are pending or succeeded. Nothing for a payment that was not captured or was charged back.
 */
export function refundableAmount(
  transaction: { amount: number; tipAmount: number; status: string },
  refunds: readonly { amount: number; status: string }[],
): number {
  const refundable: readonly string[] = ['captured', 'partially-refunded', 'refund-pending'];
  if (!refundable.includes(transaction.status)) return 0;
  const taken = refunds
    .filter((refund) => refund.status !== 'failed')
    .reduce((sum, refund) => sum + refund.amount, 0);
  return Math.max(0, transaction.amount + transaction.tipAmount - taken);
}

const badLastKey = () =>
  badRequest('The request is not valid', [
    {
      field: 'lastKey',
      rule: 'validation.cursorInvalid',
      message: translate('validation.cursorInvalid', 'en-GB'),
    },
  ]);

/**
 * What the home totals count (SPEC §3 statuses; SPEC leaves the sums to us):
 *
 * - `count`: every transaction taken in the period, whatever its status (what the transactions list shows).
 * - `capturedAmount`: amount plus tip of the payments whose money was captured. A later refund or chargeback
 *   does not undo the capture, so `refund-pending`, `partially-refunded`, `refunded`, `chargeback-pending` and
 *   `chargedback` count too; `pending`, `pre-authorized*` (not captured yet or capture failed), `failed` and
 *   `cancelled` do not.
 * - `refundedAmount`: money paid back in the period: the succeeded refunds made then (of payments of any date),
 *   plus standalone refund transactions (`refund`, and `unref-refund`, an unreferenced refund). Pending and
 *   failed refunds are not counted.
 * - `netAmount` = captured − refunded. Chargebacks are not deducted here; they reach the merchant through payouts.
 *
 * Every amount is in minor units of the merchant's currency; transactions in another currency are left out.
 */
export const CAPTURED_STATUSES = [
  'captured',
  'refund-pending',
  'partially-refunded',
  'refunded',
  'chargeback-pending',
  'chargedback',
] as const satisfies readonly TransactionStatus[];
export const REFUND_TRANSACTION_STATUSES = [
  'refund',
  'unref-refund',
] as const satisfies readonly TransactionStatus[];

/** "Last 30 days": today and the 29 days before it. */
export const DEFAULT_TOTALS_DAYS = 30;

/**
 * The calendar date of `instant` in `timeZone`, as YYYY-MM-DD. The domain's formatters are built once per zone:
 * building an `Intl.DateTimeFormat` per call (as this did) was 37 % of the API's CPU under the totals route
 * (docs/PERFORMANCE.md).
 */
export const calendarDate = (instant: Date, timeZone: string): string => calendarDateIn(instant, timeZone);

/** The instant a calendar day starts in `timeZone`. */
const startOfDay = (date: string, timeZone: string): Date => zonedTimeToInstant(date, '00:00', timeZone);

/** The calendar day after `date` (YYYY-MM-DD). */
const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** 400 naming `startDate` and the domain rule it broke, with its en-GB text (docs/decisions/0021). */
const badStartDate = (name: 'dateRangeTooLarge' | 'dateRangeOrder') =>
  badRequest('The request is not valid', [
    { field: 'startDate', rule: `validation.${name}`, message: MESSAGE_CATALOGUES['en-GB'][name] },
  ]);

const TOTALS_STATUSES = { captured: CAPTURED_STATUSES, refund: REFUND_TRANSACTION_STATUSES };

/** What a totals statement sent ahead was made for (`totalsRead`), and its answer. */
export interface TotalsBasis {
  currency: string;
  timeZone: string;
  startDate: string;
  /** The period's last day (today in the merchant's zone when it was sent): not the same across a midnight. */
  today: string;
}
export interface TotalsAhead {
  basis: TotalsBasis;
  sums: TotalsRow;
}

interface TotalsPeriod {
  startDate: string;
  today: string;
  /** The day after `today` (YYYY-MM-DD): the roll-up's days run to `today`. */
  tomorrow: string;
  /** The rules of SPEC §5 the period breaks (at most 6 months, not after today). */
  tooLong: boolean;
  reversed: boolean;
}

/** At most this many periods are remembered (the start date is the caller's: the map must stay bounded). */
const MAX_PERIODS = 4096;
/** Periods by today's date and the start date asked for: a pure function of the two, made once per day. */
const periods = new Map<string, TotalsPeriod | undefined>();

/**
 * The totals' period: from `startDate` (default: 29 days before today) to today, in the merchant's time zone.
 * Undefined when a date is not a calendar date. Remembered by (today, start date asked for): every request of a
 * day asks the same question, and the date arithmetic below was ~3 % of the totals route's busy time, made twice
 * per request (docs/PERFORMANCE.md, session 15).
 */
function totalsPeriod(
  merchant: { timeZone: string },
  startDateQuery: string | undefined,
  now: Date,
): TotalsPeriod | undefined {
  const today = calendarDate(now, merchant.timeZone);
  const key = startDateQuery === undefined ? today : `${today}|${startDateQuery}`;
  if (periods.has(key)) return periods.get(key);
  const period = periodOf(today, startDateQuery);
  if (periods.size >= MAX_PERIODS) periods.clear();
  periods.set(key, period);
  return period;
}

function periodOf(today: string, startDateQuery: string | undefined): TotalsPeriod | undefined {
  const startDate =
    startDateQuery ??
    new Date(Date.parse(`${today}T00:00:00Z`) - (DEFAULT_TOTALS_DAYS - 1) * 86_400_000)
      .toISOString()
      .slice(0, 10);
  const start = parseIsoDate(startDate);
  const end = parseIsoDate(today);
  if (!start || !end) return undefined;
  // SPEC §5: a transactions date range is at most 6 months; a start after today is no range at all.
  return {
    startDate,
    today,
    tomorrow: nextDay(today),
    tooLong: end > addMonths(start, TRANSACTION_DATE_RANGE_MAX_MONTHS),
    reversed: start > end,
  };
}

function totalsFilter(
  merchantId: string,
  merchant: { currency: string; timeZone: string },
  period: TotalsPeriod,
  now: Date,
) {
  return {
    merchantId,
    currency: merchant.currency,
    from: startOfDay(period.startDate, merchant.timeZone),
    fromDay: period.startDate,
    to: now,
    today: period.today,
    tomorrowStart: startOfDay(period.tomorrow, merchant.timeZone),
    siteIds: undefined as string[] | undefined,
  };
}

type ListQuery = Pick<
  z.infer<typeof transactionsQuerySchema>,
  | 'from'
  | 'to'
  | 'siteId'
  | 'status'
  | 'source'
  | 'card'
  | 'minAmount'
  | 'maxAmount'
  | 'includeTotals'
  | 'lastKey'
>;

/** What a page sent ahead with the access check was made for (`listRead`), and its rows and totals. */
export interface PageAhead {
  basis: { timeZone: string; from: string; to: string };
  rows: TransactionItem[];
  totals: Totals | null;
  siteFound: boolean;
}

/** A page alone, or a page with its totals (and the site's check, with one asked for), in one statement. */
async function readPage(
  tx: Tx,
  filter: ListFilter & { days: { first: string; last: string } },
  key: { createdAt: Date; id: string } | undefined,
  withTotals: boolean,
): Promise<{ rows: TransactionItem[]; totals: Totals | null; siteFound: boolean }> {
  if (withTotals) return repo.listWithTotals(tx, filter, key, TRANSACTIONS_PAGE_SIZE);
  return {
    rows: await repo.listItems(tx, filter, key, TRANSACTIONS_PAGE_SIZE),
    totals: null,
    siteFound: true,
  };
}

/**
 * A list request's filter in the merchant's time zone: its days (default: the 30 days to today), the sites
 * (undefined: every site), the filters, and the key it starts after. Undefined when `lastKey` is not one of ours.
 */
function listRequest(
  merchantId: string,
  merchant: { timeZone: string },
  query: ListQuery,
  siteIds: string[] | undefined,
  now: Date,
) {
  const today = calendarDate(now, merchant.timeZone);
  const to = query.to ?? (query.from ? addDays(query.from, DEFAULT_TOTALS_DAYS - 1) : today);
  const from = query.from ?? addDays(to, -(DEFAULT_TOTALS_DAYS - 1));
  const after = query.lastKey ? listCursor.decode(query.lastKey) : undefined;
  if (query.lastKey && !after) return undefined;
  const filter: ListFilter & { days: { first: string; last: string } } = {
    merchantId,
    from: zonedTimeToInstant(from, '00:00', merchant.timeZone),
    to: zonedTimeToInstant(addDays(to, 1), '00:00', merchant.timeZone),
    days: { first: from, last: to },
    siteIds,
    status: query.status,
    source: query.source,
    card: query.card,
    minAmount: query.minAmount,
    maxAmount: query.maxAmount,
  };
  return {
    filter,
    key: after ? { createdAt: after[0], id: after[1] } : undefined,
    withTotals: query.includeTotals === 'true',
    range: { from, to },
  };
}

export function createTransactionsService(deps: { tenantDb: TenantDb; clock: Clock }) {
  /** Each merchant's currency and time zone as the last access check read them (`totalsRead`: a guess only). */
  const zones = new Map<string, { currency: string; timeZone: string }>();
  /** The merchant's currency and zone as this request's access check read them, for the next reads sent ahead. */
  const remember = ({ merchantId, merchant }: MerchantAccessContext) => {
    const known = zones.get(merchantId);
    if (known?.currency === merchant.currency && known.timeZone === merchant.timeZone) return;
    if (zones.size >= 10_000) zones.clear();
    zones.set(merchantId, { currency: merchant.currency, timeZone: merchant.timeZone });
  };
  /** The sites the caller may list transactions of, narrowed to `siteId` when given; undefined = all. */
  const listableSites = (access: MerchantAccessContext, siteId: string | undefined) => {
    if (siteId) return [siteId];
    const held = sitesWithPermission(access, 'Transaction:ListTransactions');
    return held === 'all' ? undefined : held.filter(isUuid);
  };

  return {
    /**
     * GET /v1/merchants/{id}/transactions (issue 11 §2): one page newest first, filtered, within the caller's
     * sites; days are the merchant's calendar days; at most 6 months (checked by the query schema).
     */
    async list(access: MerchantAccessContext, query: ListQuery, ahead?: () => Promise<PageAhead>) {
      const { merchant } = access;
      remember(access);
      const siteIds = listableSites(access, query.siteId);
      const request = listRequest(access.merchantId, merchant, query, siteIds, deps.clock.now());
      if (!request) throw badLastKey();
      const { filter, key, withTotals, range } = request;
      const answer = (rows: TransactionItem[], totals: Totals | null) => {
        const page = rows.slice(0, TRANSACTIONS_PAGE_SIZE);
        const last = page.at(-1);
        return {
          data: page,
          lastKey:
            rows.length > TRANSACTIONS_PAGE_SIZE && last
              ? listCursor.encode([new Date(last.createdAt), last.id])
              : null,
          totals,
          range,
        };
      };
      // No site asked for, or one with the totals: the page (its totals, the site's check) sent with the access
      // check (`listRead`), if it was made for this request's days and sites (every site the caller may list, or
      // the one asked for: the access check granted it); else the context, the one statement and the commit in
      // one round trip.
      if (!query.siteId || withTotals) {
        const sent = ahead && (query.siteId || !siteIds) ? await ahead().catch(() => undefined) : undefined;
        const read =
          sent &&
          sent.basis.timeZone === merchant.timeZone &&
          sent.basis.from === range.from &&
          sent.basis.to === range.to
            ? sent
            : await deps.tenantDb.readForMerchant(access.merchantId, (tx) =>
                readPage(tx, filter, key, withTotals),
              );
        if (!read.siteFound) throw notFound('Site not found');
        return answer(read.rows, read.totals);
      }
      // A later page of one site: its check and the page leave together (pipeline mode on PostgreSQL).
      const siteId = query.siteId;
      return deps.tenantDb.forMerchant(access.merchantId, async (tx) => {
        const [siteFound, rows] = await deps.tenantDb.inOrder([
          () => repo.siteExists(tx, access.merchantId, siteId),
          () => repo.listItems(tx, filter, key, TRANSACTIONS_PAGE_SIZE),
        ] as const);
        if (!siteFound) throw notFound('Site not found');
        return answer(rows, null);
      });
    },

    /**
     * The page's one statement (with its totals when asked for), to travel with the access check
     * (`RouteAccess.read`, decisions 0099 and 0107): built before the access check has read the merchant, so in
     * the time zone this merchant had on an earlier request (`zones`), for every site or the one asked for (with
     * the totals: the site's check is in the same statement). Undefined for a later page of one site (its check is
     * a statement more), an input the route will refuse, or a merchant this process has not seen.
     * `list` uses its answer only if access was granted, the caller may list every site and the days are those
     * it reads; otherwise it is dropped unread (for a caller held to some sites it was the company's page, read
     * under the merchant's RLS context and never returned, as 0099's totals).
     */
    listRead(merchantId: string, rawQuery: unknown): ((tx: Tx) => Promise<PageAhead>) | undefined {
      const known = zones.get(merchantId);
      if (!known) return undefined;
      const parsed = transactionsQuerySchema.safeParse(rawQuery ?? {});
      const siteId = parsed.success ? parsed.data.siteId : undefined;
      if (!parsed.success || (siteId && parsed.data.includeTotals !== 'true')) return undefined;
      const siteIds = siteId ? [siteId] : undefined;
      const request = listRequest(merchantId, known, parsed.data, siteIds, deps.clock.now());
      if (!request) return undefined;
      const { filter, key, range, withTotals } = request;
      const basis = { timeZone: known.timeZone, ...range };
      return async (tx) => ({ basis, ...(await readPage(tx, filter, key, withTotals)) });
    },

    /** POST /v1/merchants/{id}/transactions/psp (SPEC §7): the caller's transactions with these PSP references. */
    async byPspReferences(access: MerchantAccessContext, pspReferences: readonly string[]) {
      const rows = await deps.tenantDb.forMerchant(access.merchantId, (tx) =>
        repo.byPspReferences(
          tx,
          access.merchantId,
          [...new Set(pspReferences)],
          listableSites(access, undefined),
        ),
      );
      return rows.map(toTransaction);
    },

    /** One transaction with its events, refunds, refundable remainder and payouts; 404 outside the caller's sites. */
    async detail(access: MerchantAccessContext, transactionId: string) {
      return deps.tenantDb.forMerchant(access.merchantId, async (tx) => {
        const row = await repo.one(tx, access.merchantId, transactionId);
        const sitesHeld = listableSites(access, undefined);
        if (!row || (sitesHeld && !sitesHeld.includes(row.siteId))) throw notFound('Transaction not found');
        const [events, refunds, payoutIds] = [
          await repo.eventsOf(tx, access.merchantId, transactionId),
          await repo.refundsOf(tx, access.merchantId, transactionId),
          await repo.payoutIdsOf(tx, access.merchantId, transactionId),
        ];
        return {
          transaction: toTransaction(row),
          events: events.map((event) => ({ ...event, eventDate: event.eventDate.toISOString() })),
          refunds: refunds.map((refund) => ({
            ...refund,
            status: refund.status as 'pending' | 'succeeded' | 'failed',
            createdAt: refund.createdAt.toISOString(),
          })),
          refundableAmount: refundableAmount(row, refunds),
          payoutIds,
        };
      });
    },

    /**
     * The totals' one statement, to travel with the access check (`RouteAccess.read`, decision 0099): built
     * before the access check has read the merchant, so from the currency and time zone this merchant had on an
     * earlier request (`zones`), for every site (the common case: a company-wide role). Undefined when there is
     * no earlier request, a site is asked for, or the start date is not a valid one (the handler reads itself).
     * `totals` uses its answer only if access was granted, the caller may list every site, and the currency,
     * time zone and period are those the access check read; otherwise it is dropped unread.
     */
    totalsRead(merchantId: string, rawQuery: unknown): ((tx: Tx) => Promise<TotalsAhead>) | undefined {
      const query = (rawQuery ?? {}) as { siteId?: unknown; startDate?: unknown };
      if (query.siteId !== undefined) return undefined;
      if (query.startDate !== undefined && typeof query.startDate !== 'string') return undefined;
      const known = zones.get(merchantId);
      if (!known) return undefined;
      const now = deps.clock.now();
      const period = totalsPeriod(known, query.startDate, now);
      if (!period || period.tooLong || period.reversed) return undefined;
      const basis: TotalsBasis = { ...known, startDate: period.startDate, today: period.today };
      return async (tx) => ({
        basis,
        sums: await repo.totals(tx, totalsFilter(merchantId, known, period, now), TOTALS_STATUSES),
      });
    },

    /**
     * SPEC §7 GET /v1/merchants/{id}/transactions/totals. The access check let the caller through with
     * Transaction:ListTransactions on the `siteId` asked for, or on at least one site when none is asked for;
     * here the sums are narrowed to the sites they hold it on (a site manager sees only their own sites).
     */
    async totals(
      access: MerchantAccessContext,
      query: { siteId?: string | undefined; startDate?: string | undefined },
      ahead?: () => Promise<TotalsAhead>,
    ) {
      const { merchant } = access;
      remember(access);
      const now = deps.clock.now();
      const period = totalsPeriod(merchant, query.startDate, now);
      if (!period) throw badRequest('The request is not valid');
      if (period.tooLong) throw badStartDate('dateRangeTooLarge');
      if (period.reversed) throw badStartDate('dateRangeOrder');

      const held = sitesWithPermission(access, 'Transaction:ListTransactions');
      const siteIds = query.siteId ? [query.siteId] : held === 'all' ? undefined : held.filter(isUuid);
      // The statement sent with the access check, if it was made for exactly this request's merchant, period and
      // sites; a failed one is read again below (which then answers the error, if there is one).
      const sent = !siteIds && ahead ? await ahead().catch(() => undefined) : undefined;
      const totals =
        sent &&
        sent.basis.currency === merchant.currency &&
        sent.basis.timeZone === merchant.timeZone &&
        sent.basis.startDate === period.startDate &&
        sent.basis.today === period.today
          ? sent.sums
          : await (query.siteId ? deps.tenantDb.forMerchant : deps.tenantDb.readForMerchant)(
              access.merchantId,
              // One statement without a site asked for: context, sums and commit in one round trip.
              async (tx) => {
                if (query.siteId && !(await repo.siteExists(tx, access.merchantId, query.siteId)))
                  throw notFound('Site not found');
                return repo.totals(
                  tx,
                  { ...totalsFilter(access.merchantId, merchant, period, now), siteIds },
                  TOTALS_STATUSES,
                );
              },
            );
      const refundedAmount = totals.refundsAmount + totals.refundTransactionsAmount;
      return {
        currency: merchant.currency,
        startDate: period.startDate,
        count: totals.count,
        capturedAmount: totals.capturedAmount,
        refundedAmount,
        netAmount: totals.capturedAmount - refundedAmount,
      };
    },

    /**
     * GET /v1/merchants/{id}/transactions/dashboard (issue 11 §4): the home's figures over the last 30 days (today
     * and the 29 days before, in the merchant's time zone), per currency: each day's count, captured and refunded
     * amounts (the same rules as the totals, docs/decisions/0083), and count and captured amount per source.
     * Narrowed to the sites the caller may list, or to `siteId`.
     */
    async dashboard(access: MerchantAccessContext, query: { siteId?: string | undefined }) {
      const { merchant } = access;
      const today = calendarDate(deps.clock.now(), merchant.timeZone);
      const startDate = addDays(today, -(DEFAULT_TOTALS_DAYS - 1));
      const filter = {
        merchantId: access.merchantId,
        timeZone: merchant.timeZone,
        fromDay: startDate,
        toDay: today,
        from: startOfDay(startDate, merchant.timeZone),
        to: startOfDay(nextDay(today), merchant.timeZone),
        siteIds: listableSites(access, query.siteId),
      };
      const statuses = { captured: CAPTURED_STATUSES, refund: REFUND_TRANSACTION_STATUSES };
      const { days, sources, refunded } = await deps.tenantDb.forMerchant(access.merchantId, async (tx) => {
        if (query.siteId && !(await repo.siteExists(tx, access.merchantId, query.siteId)))
          throw notFound('Site not found');
        return {
          days: await repo.dashboardDays(tx, filter, statuses),
          sources: await repo.dashboardSources(tx, filter, statuses),
          refunded: await repo.dashboardRefunds(tx, filter),
        };
      });
      const currencies = [
        ...new Set(
          [...days, ...sources, ...refunded]
            .map((row) => row.currency)
            .filter((c) => c !== merchant.currency),
        ),
      ].sort();
      const periodDays = Array.from({ length: DEFAULT_TOTALS_DAYS }, (_, i) => addDays(startDate, i));
      return {
        startDate,
        endDate: today,
        currencies: [merchant.currency, ...currencies].map((currency) => ({
          currency,
          days: periodDays.map((day) => {
            const payments = days.find((row) => row.currency === currency && row.day === day);
            const refunds = refunded.find((row) => row.currency === currency && row.day === day);
            return {
              day,
              count: payments?.count ?? 0,
              capturedAmount: payments?.captured ?? 0,
              refundedAmount: (payments?.refundTransactions ?? 0) + (refunds?.amount ?? 0),
            };
          }),
          bySource: PAYMENT_SOURCES.map((source: PaymentSource) => {
            const row = sources.find((r) => r.currency === currency && r.source === source);
            return { source, count: row?.count ?? 0, capturedAmount: row?.captured ?? 0 };
          }),
        })),
      };
    },
  };
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;
