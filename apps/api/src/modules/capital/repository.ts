import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../access/tenant-db.ts';
import {
  capitalRequests,
  merchantMemberships,
  transactionDailyTotals,
  users,
} from '../../db/schema/index.ts';

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

  async byId(tx: Tx, merchantId: string, id: string): Promise<CapitalRequestRow | undefined> {
    const [row] = await tx
      .select()
      .from(capitalRequests)
      .where(and(eq(capitalRequests.merchantId, merchantId), eq(capitalRequests.id, id)))
      .for('update');
    return row;
  },

  async decide(
    tx: Tx,
    merchantId: string,
    id: string,
    decision: {
      status: 'approved' | 'declined';
      decidedAt: Date;
      decidedBy: string;
      declineReason: string | null;
    },
  ): Promise<CapitalRequestRow> {
    const [row] = await tx
      .update(capitalRequests)
      .set({ ...decision, updatedAt: decision.decidedAt })
      .where(
        and(
          eq(capitalRequests.merchantId, merchantId),
          eq(capitalRequests.id, id),
          eq(capitalRequests.status, 'requested'),
        ),
      )
      .returning();
    if (!row) throw new Error('capital request decision updated nothing');
    return row;
  },

  /** The company's owners, who are told of a decision, each in their language. */
  async owners(tx: Tx, merchantId: string): Promise<{ email: string; locale: string }[]> {
    return tx
      .select({ email: users.email, locale: users.locale })
      .from(merchantMemberships)
      .innerJoin(users, eq(users.id, merchantMemberships.userId))
      .where(
        and(
          eq(merchantMemberships.merchantId, merchantId),
          sql`'CompanyOwner' = any(${merchantMemberships.companyRoles})`,
        ),
      );
  },

  async insert(tx: Tx, request: NewCapitalRequest): Promise<CapitalRequestRow> {
    const [row] = await tx.insert(capitalRequests).values(request).returning();
    if (!row) throw new Error('capital request insert returned nothing');
    return row;
  },
};
