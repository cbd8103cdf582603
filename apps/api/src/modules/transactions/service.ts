import { TRANSACTION_DATE_RANGE_MAX_MONTHS } from '@mp/domain/constants';
import type { TransactionStatus } from '@mp/domain/enums';
import { MESSAGE_CATALOGUES } from '@mp/domain/messages';
import { sitesWithPermission } from '@mp/domain/permissions';
import { addMonths, parseIsoDate } from '@mp/domain/schemas/date-range';
import type { MerchantAccessContext } from '../../access/route-access.ts';
import { isUuid, type TenantDb } from '../../access/tenant-db.ts';
import type { Clock } from '../../clock.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { transactionsRepository as repo } from './repository.ts';

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

/** The calendar date of `instant` in `timeZone`, as YYYY-MM-DD. */
export function calendarDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** The instant a calendar day starts in `timeZone`. */
function startOfDay(date: string, timeZone: string): Date {
  const utcMidnight = new Date(`${date}T00:00:00Z`);
  // The zone's offset at that moment (twice, so a day that starts inside a DST change lands right).
  let guess = utcMidnight;
  for (let i = 0; i < 2; i++) {
    const shown = new Date(
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
        .format(guess)
        .replace(/(\d+)\/(\d+)\/(\d+), /, '$3-$1-$2T')
        .concat('Z'),
    );
    guess = new Date(utcMidnight.getTime() - (shown.getTime() - guess.getTime()));
  }
  return guess;
}

/** 400 naming `startDate` and the domain rule it broke, with its en-GB text (docs/decisions/0021). */
const badStartDate = (name: 'dateRangeTooLarge' | 'dateRangeOrder') =>
  badRequest('The request is not valid', [
    { field: 'startDate', rule: `validation.${name}`, message: MESSAGE_CATALOGUES['en-GB'][name] },
  ]);

export function createTransactionsService(deps: { tenantDb: TenantDb; clock: Clock }) {
  return {
    /**
     * SPEC §7 GET /v1/merchants/{id}/transactions/totals. The access check let the caller through with
     * Transaction:ListTransactions on the `siteId` asked for, or on at least one site when none is asked for;
     * here the sums are narrowed to the sites they hold it on (a site manager sees only their own sites).
     */
    async totals(
      access: MerchantAccessContext,
      query: { siteId?: string | undefined; startDate?: string | undefined },
    ) {
      const { merchant } = access;
      const now = deps.clock.now();
      const today = calendarDate(now, merchant.timeZone);
      const startDate =
        query.startDate ??
        new Date(Date.parse(`${today}T00:00:00Z`) - (DEFAULT_TOTALS_DAYS - 1) * 86_400_000)
          .toISOString()
          .slice(0, 10);
      const start = parseIsoDate(startDate);
      const end = parseIsoDate(today);
      if (!start || !end) throw badRequest('The request is not valid');
      // SPEC §5: a transactions date range is at most 6 months; a start after today is no range at all.
      if (end > addMonths(start, TRANSACTION_DATE_RANGE_MAX_MONTHS)) throw badStartDate('dateRangeTooLarge');
      if (start > end) throw badStartDate('dateRangeOrder');

      const held = sitesWithPermission(access, 'Transaction:ListTransactions');
      const siteIds = query.siteId ? [query.siteId] : held === 'all' ? undefined : held.filter(isUuid);
      const totals = await deps.tenantDb.forMerchant(access.merchantId, async (tx) => {
        if (query.siteId && !(await repo.siteExists(tx, access.merchantId, query.siteId)))
          throw notFound('Site not found');
        return repo.totals(
          tx,
          {
            merchantId: access.merchantId,
            currency: merchant.currency,
            from: startOfDay(startDate, merchant.timeZone),
            to: now,
            siteIds,
          },
          { captured: CAPTURED_STATUSES, refund: REFUND_TRANSACTION_STATUSES },
        );
      });
      const refundedAmount = totals.refundsAmount + totals.refundTransactionsAmount;
      return {
        currency: merchant.currency,
        startDate,
        count: totals.count,
        capturedAmount: totals.capturedAmount,
        refundedAmount,
        netAmount: totals.capturedAmount - refundedAmount,
      };
    },
  };
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;
