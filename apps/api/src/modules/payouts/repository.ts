import { and, asc, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../access/tenant-db.ts';
import { ledgerEntries, payoutDays, payouts, sites } from '../../db/schema/index.ts';

export interface LedgerCursor {
  occurredAt: Date;
  rank: number;
  id: string;
}

const entryRank = sql`(case ${ledgerEntries.type} when 'payment' then 0 when 'tip' then 1 when 'fee' then 2 else 3 end)`;

export interface PayoutCursor {
  payoutDate: string;
  id: string;
}

const payoutColumns = {
  id: payouts.id,
  siteId: payouts.siteId,
  siteName: sql<string>`coalesce(${sites.displayName}, ${sites.name})`,
  payoutDate: payouts.payoutDate,
  status: payouts.status,
  amount: payouts.amount,
  grossAmount: payouts.grossAmount,
  feesAmount: payouts.feesAmount,
  currency: payouts.currency,
  reference: payouts.reference,
  expectedArrival: payouts.expectedArrival,
  paidAt: payouts.paidAt,
  failureReason: payouts.failureReason,
  retryOn: payouts.retryOn,
  attempts: payouts.attempts,
};

export type PayoutRow = Awaited<ReturnType<typeof payoutsRepository.list>>[number];

/** All SQL of the payouts screens; runs inside the merchant's RLS transaction (`forMerchant`). */
export const payoutsRepository = {
  async siteExists(tx: Tx, merchantId: string, siteId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.merchantId, merchantId), eq(sites.id, siteId), isNull(sites.deletedAt)))
      .limit(1);
    return Boolean(row);
  },

  /** Newest trading day first, keyset by (payout_date, id). */
  async list(
    tx: Tx,
    merchantId: string,
    filter: { siteIds: readonly string[] | undefined; date: string | undefined },
    cursor: PayoutCursor | undefined,
    limit: number,
  ) {
    const after: SQL | undefined = cursor
      ? or(
          lt(payouts.payoutDate, cursor.payoutDate),
          and(eq(payouts.payoutDate, cursor.payoutDate), lt(payouts.id, cursor.id)),
        )
      : undefined;
    return tx
      .select(payoutColumns)
      .from(payouts)
      .innerJoin(sites, and(eq(sites.merchantId, payouts.merchantId), eq(sites.id, payouts.siteId)))
      .where(
        and(
          eq(payouts.merchantId, merchantId),
          filter.siteIds ? inArray(payouts.siteId, [...filter.siteIds]) : undefined,
          filter.date ? eq(payouts.payoutDate, filter.date) : undefined,
          after,
        ),
      )
      .orderBy(desc(payouts.payoutDate), desc(payouts.id))
      .limit(limit);
  },

  async get(tx: Tx, merchantId: string, payoutId: string) {
    const [row] = await tx
      .select(payoutColumns)
      .from(payouts)
      .innerJoin(sites, and(eq(sites.merchantId, payouts.merchantId), eq(sites.id, payouts.siteId)))
      .where(and(eq(payouts.merchantId, merchantId), eq(payouts.id, payoutId)))
      .limit(1);
    return row;
  },

  async days(tx: Tx, merchantId: string, payoutId: string) {
    return tx
      .select()
      .from(payoutDays)
      .where(and(eq(payoutDays.merchantId, merchantId), eq(payoutDays.payoutId, payoutId)))
      .orderBy(asc(payoutDays.tradingDay));
  },

  /**
   * One page of a payout's entries in time order (a payment before its tip and fee when they share an instant),
   * keyset by (occurred_at, that rank, id), so a day of 100k payments is read a page at a time.
   */
  async entries(
    tx: Tx,
    merchantId: string,
    payoutId: string,
    after: LedgerCursor | undefined,
    limit: number,
  ) {
    return tx
      .select({ entry: ledgerEntries, rank: sql<number>`${entryRank}`.mapWith(Number) })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.merchantId, merchantId),
          eq(ledgerEntries.payoutId, payoutId),
          after
            ? sql`(${ledgerEntries.occurredAt}, ${entryRank}, ${ledgerEntries.id}) > (${after.occurredAt.toISOString()}::timestamptz, ${after.rank}::int, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(ledgerEntries.occurredAt), entryRank, asc(ledgerEntries.id))
      .limit(limit);
  },
};
