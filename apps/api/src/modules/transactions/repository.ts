import { and, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../access/tenant-db.ts';
import { refunds, sites, transactions } from '../../db/schema/index.ts';

export interface TotalsFilter {
  merchantId: string;
  currency: string;
  from: Date;
  to: Date;
  /** Only these sites; undefined for every site. */
  siteIds: readonly string[] | undefined;
}

export interface TotalsRow {
  count: number;
  capturedAmount: number;
  refundTransactionsAmount: number;
  refundsAmount: number;
}

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** All SQL of the transactions module; runs inside the merchant's RLS transaction (`forMerchant`). */
export const transactionsRepository = {
  async siteExists(tx: Tx, merchantId: string, siteId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.merchantId, merchantId), eq(sites.id, siteId), isNull(sites.deletedAt)))
      .limit(1);
    return Boolean(row);
  },

  /**
   * Sums over the merchant's transactions created in [from, to] (one index range scan on
   * (merchant_id, created_at) or (merchant_id, site_id, created_at)), and its succeeded refunds made then.
   */
  async totals(
    tx: Tx,
    filter: TotalsFilter,
    statuses: { captured: readonly string[]; refund: readonly string[] },
  ): Promise<TotalsRow> {
    const site: SQL | undefined = filter.siteIds
      ? inArray(transactions.siteId, [...filter.siteIds])
      : undefined;
    const [payments] = await tx
      .select({
        count: sql<number>`count(*)::int`,
        captured: sql<string>`coalesce(sum(${transactions.amount} + ${transactions.tipAmount})
          filter (where ${transactions.status} in (${inList(statuses.captured)})), 0)::text`,
        refundTransactions: sql<string>`coalesce(sum(${transactions.amount})
          filter (where ${transactions.status} in (${inList(statuses.refund)})), 0)::text`,
      })
      .from(transactions)
      .where(
        and(
          eq(transactions.merchantId, filter.merchantId),
          site,
          gte(transactions.createdAt, filter.from),
          lte(transactions.createdAt, filter.to),
          eq(transactions.currency, filter.currency),
        ),
      );
    const [refunded] = await tx
      .select({ amount: sql<string>`coalesce(sum(${refunds.amount}), 0)::text` })
      .from(refunds)
      .innerJoin(
        transactions,
        and(eq(transactions.merchantId, refunds.merchantId), eq(transactions.id, refunds.transactionId)),
      )
      .where(
        and(
          eq(refunds.merchantId, filter.merchantId),
          eq(refunds.status, 'succeeded'),
          gte(refunds.createdAt, filter.from),
          lte(refunds.createdAt, filter.to),
          eq(refunds.currency, filter.currency),
          site,
        ),
      );
    return {
      count: payments?.count ?? 0,
      capturedAmount: Number(payments?.captured ?? 0),
      refundTransactionsAmount: Number(payments?.refundTransactions ?? 0),
      refundsAmount: Number(refunded?.amount ?? 0),
    };
  },
};
