import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../access/tenant-db.ts';
import { capitalRequests, transactionDailyTotals } from '../../db/schema/index.ts';

export type CapitalRequestRow = typeof capitalRequests.$inferSelect;
export type NewCapitalRequest = typeof capitalRequests.$inferInsert;

/** All SQL of the capital offer; runs inside the merchant's RLS transaction (`forMerchant`). */
export const capitalRepository = {
  /** Captured card volume (amount + tips) in `currency` on the days `from`..`to`, from the daily roll-up. */
  async cardVolume(
    tx: Tx,
    filter: { merchantId: string; currency: string; from: string; to: string; statuses: readonly string[] },
  ): Promise<number> {
    const [row] = await tx
      .select({
        volume: sql<string>`coalesce(sum(${transactionDailyTotals.amount} + ${transactionDailyTotals.tipAmount}), 0)::text`,
      })
      .from(transactionDailyTotals)
      .where(
        and(
          eq(transactionDailyTotals.merchantId, filter.merchantId),
          eq(transactionDailyTotals.currency, filter.currency),
          gte(transactionDailyTotals.day, filter.from),
          lte(transactionDailyTotals.day, filter.to),
          inArray(transactionDailyTotals.status, [...filter.statuses]),
        ),
      );
    return Number(row?.volume ?? 0);
  },

  async openRequest(tx: Tx, merchantId: string): Promise<CapitalRequestRow | undefined> {
    const [row] = await tx
      .select()
      .from(capitalRequests)
      .where(and(eq(capitalRequests.merchantId, merchantId), eq(capitalRequests.status, 'requested')));
    return row;
  },

  async list(tx: Tx, merchantId: string, limit: number): Promise<CapitalRequestRow[]> {
    return tx
      .select()
      .from(capitalRequests)
      .where(eq(capitalRequests.merchantId, merchantId))
      .orderBy(desc(capitalRequests.createdAt), desc(capitalRequests.id))
      .limit(limit);
  },

  async insert(tx: Tx, request: NewCapitalRequest): Promise<CapitalRequestRow> {
    const [row] = await tx.insert(capitalRequests).values(request).returning();
    if (!row) throw new Error('capital request insert returned nothing');
    return row;
  },
};
