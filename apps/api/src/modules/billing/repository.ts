import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../access/tenant-db.ts';
import { billingSettings, paymentMethods, rates } from '../../db/schema/billing.ts';
import { billingSessions } from '../../db/schema/billing-sessions.ts';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type BillingSessionRow = typeof billingSessions.$inferSelect;

/** All SQL of billing, always inside a tenant transaction (`forMerchant`). */
export const billingRepository = {
  /** The settings row, created empty on first use and locked for the rest of the transaction. */
  async lockSettings(tx: Tx, merchantId: string) {
    await tx.insert(billingSettings).values({ merchantId }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(billingSettings)
      .where(eq(billingSettings.merchantId, merchantId))
      .for('update');
    return row as typeof billingSettings.$inferSelect;
  },

  async settings(tx: Tx, merchantId: string) {
    const [row] = await tx.select().from(billingSettings).where(eq(billingSettings.merchantId, merchantId));
    return row;
  },

  async activePaymentMethods(tx: Tx, merchantId: string): Promise<PaymentMethodRow[]> {
    return tx
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.merchantId, merchantId), isNull(paymentMethods.deletedAt)))
      .orderBy(asc(paymentMethods.createdAt), asc(paymentMethods.id));
  },

  async activePaymentMethod(tx: Tx, merchantId: string, id: string): Promise<PaymentMethodRow | undefined> {
    const [row] = await tx
      .select()
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.merchantId, merchantId),
          eq(paymentMethods.id, id),
          isNull(paymentMethods.deletedAt),
        ),
      );
    return row;
  },

  async hasRates(tx: Tx, merchantId: string): Promise<boolean> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(rates)
      .where(and(eq(rates.merchantId, merchantId), isNull(rates.effectiveTo)));
    return (row?.n ?? 0) > 0;
  },

  async setDefault(tx: Tx, merchantId: string, paymentMethodId: string | null, now: Date) {
    await tx
      .update(billingSettings)
      .set({ defaultPaymentMethodId: paymentMethodId, updatedAt: now })
      .where(eq(billingSettings.merchantId, merchantId));
  },

  async softDelete(tx: Tx, merchantId: string, id: string, now: Date) {
    await tx
      .update(paymentMethods)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(paymentMethods.merchantId, merchantId), eq(paymentMethods.id, id)));
  },

  async insertPaymentMethod(tx: Tx, values: typeof paymentMethods.$inferInsert): Promise<PaymentMethodRow> {
    const [row] = await tx.insert(paymentMethods).values(values).returning();
    return row as PaymentMethodRow;
  },

  async insertSession(tx: Tx, values: typeof billingSessions.$inferInsert): Promise<BillingSessionRow> {
    const [row] = await tx.insert(billingSessions).values(values).returning();
    return row as BillingSessionRow;
  },

  async sessionByToken(tx: Tx, tokenHash: string): Promise<BillingSessionRow | undefined> {
    const [row] = await tx
      .select()
      .from(billingSessions)
      .where(eq(billingSessions.tokenHash, tokenHash))
      .for('update');
    return row;
  },

  async sessionById(tx: Tx, merchantId: string, id: string): Promise<BillingSessionRow | undefined> {
    const [row] = await tx
      .select()
      .from(billingSessions)
      .where(and(eq(billingSessions.merchantId, merchantId), eq(billingSessions.id, id)));
    return row;
  },

  async completeSession(
    tx: Tx,
    id: string,
    values: {
      status: 'succeeded' | 'failed';
      paymentMethodId?: string | null;
      failureReason?: string | null;
    },
    now: Date,
  ): Promise<boolean> {
    const rows = await tx
      .update(billingSessions)
      .set({ ...values, completedAt: now, updatedAt: now })
      .where(and(eq(billingSessions.id, id), eq(billingSessions.status, 'open')))
      .returning({ id: billingSessions.id });
    return rows.length === 1;
  },
};
