import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../access/tenant-db.ts';
import { billingAdjustments, merchantSettings, rates } from '../../db/schema/index.ts';

export type RatesRow = typeof rates.$inferSelect;
export type AdjustmentRow = typeof billingAdjustments.$inferSelect;
export type MerchantSettingsRow = typeof merchantSettings.$inferSelect;

/** All SQL of company settings and rates; run inside the merchant's RLS transaction. */
export const companySettingsRepository = {
  async currentRates(tx: Tx, merchantId: string): Promise<RatesRow | undefined> {
    const [row] = await tx
      .select()
      .from(rates)
      .where(and(eq(rates.merchantId, merchantId), isNull(rates.effectiveTo)))
      .limit(1);
    return row;
  },

  async adjustments(tx: Tx, merchantId: string): Promise<AdjustmentRow[]> {
    return tx
      .select()
      .from(billingAdjustments)
      .where(eq(billingAdjustments.merchantId, merchantId))
      .orderBy(
        asc(billingAdjustments.kind),
        asc(billingAdjustments.startsOn),
        asc(billingAdjustments.createdAt),
      );
  },

  async settings(tx: Tx, merchantId: string): Promise<MerchantSettingsRow | undefined> {
    const [row] = await tx.select().from(merchantSettings).where(eq(merchantSettings.merchantId, merchantId));
    return row;
  },

  /** Closes the current version (effective until `today`) and makes `values` the current one from today. */
  async replaceRates(tx: Tx, merchantId: string, today: string, values: typeof rates.$inferInsert) {
    await tx
      .update(rates)
      .set({ effectiveTo: today, updatedAt: values.createdAt ?? new Date() })
      .where(and(eq(rates.merchantId, merchantId), isNull(rates.effectiveTo)));
    await tx.insert(rates).values(values);
  },

  /** A deal's fees and discounts replace the merchant's (its credits stay: they are owed whatever the rates). */
  async replaceDealAdjustments(tx: Tx, merchantId: string, rows: (typeof billingAdjustments.$inferInsert)[]) {
    await tx
      .delete(billingAdjustments)
      .where(
        and(
          eq(billingAdjustments.merchantId, merchantId),
          inArray(billingAdjustments.kind, ['discount', 'monthly-fee']),
        ),
      );
    if (rows.length > 0) await tx.insert(billingAdjustments).values(rows);
  },

  async replaceAdjustments(tx: Tx, merchantId: string, rows: (typeof billingAdjustments.$inferInsert)[]) {
    await tx.delete(billingAdjustments).where(eq(billingAdjustments.merchantId, merchantId));
    if (rows.length > 0) await tx.insert(billingAdjustments).values(rows);
  },

  async upsertSettings(tx: Tx, values: typeof merchantSettings.$inferInsert) {
    await tx
      .insert(merchantSettings)
      .values(values)
      .onConflictDoUpdate({
        target: merchantSettings.merchantId,
        set: {
          feeDestination: values.feeDestination,
          tradingHours: values.tradingHours,
          updatedAt: values.updatedAt,
        },
      });
  },
};
