import { and, count, desc, eq, gte, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../access/tenant-db.ts';
import {
  billingSettings,
  deviceAssignAttempts,
  deviceOrderLines,
  deviceOrders,
  devices,
  paymentMethods,
  rates,
  sites,
  terminalStock,
  transactions,
  users,
} from '../../db/schema/index.ts';

export type DeviceRow = typeof devices.$inferSelect;
export type StockRow = typeof terminalStock.$inferSelect;

export interface DeviceListRow extends DeviceRow {
  siteName: string | null;
  lastAmount: number | null;
  lastCurrency: string | null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** All SQL of devices, orders and terminal assignment; inside `forMerchant` (RLS) unless said otherwise. */
export const devicesRepository = {
  /** The language a user reads their e-mails in (users.locale; app_user may read the user pool's names). */
  async userLocale(tx: Tx, userId: string): Promise<string | undefined> {
    const [row] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1);
    return row?.locale;
  },

  /** One page of the merchant's active devices, newest activity first; `siteIds` narrows (a manager's sites). */
  async page(
    tx: Tx,
    merchantId: string,
    filter: { siteIds?: readonly string[]; search?: string; limit: number; offset: number },
  ): Promise<{ rows: DeviceListRow[]; total: number }> {
    if (filter.siteIds && filter.siteIds.length === 0) return { rows: [], total: 0 };
    const pattern = filter.search ? `%${escapeLike(filter.search)}%` : undefined;
    const where = and(
      eq(devices.merchantId, merchantId),
      eq(devices.status, 'active'),
      filter.siteIds ? inArray(devices.siteId, [...filter.siteIds]) : undefined,
      pattern ? or(ilike(devices.serial, pattern), ilike(devices.label, pattern)) : undefined,
    );
    const [totalRow] = await tx.select({ n: count() }).from(devices).where(where);
    // The last transaction's amount: the newest of the device's transactions (indexed by merchant and time).
    const lastTransaction = sql<string | null>`(
      select json_build_object('amount', t.amount, 'currency', t.currency)::text from ${transactions} t
      where t.merchant_id = ${devices.merchantId} and t.device_id = ${devices.id}
      order by t.created_at desc limit 1)`;
    const rows = await tx
      .select({ device: devices, siteName: sites.name, last: lastTransaction })
      .from(devices)
      .leftJoin(sites, and(eq(sites.merchantId, devices.merchantId), eq(sites.id, devices.siteId)))
      .where(where)
      .orderBy(sql`${devices.lastActivityAt} desc nulls last`, devices.serial)
      .limit(filter.limit)
      .offset(filter.offset);
    return {
      total: Number(totalRow?.n ?? 0),
      rows: rows.map((row) => {
        const last = row.last ? (JSON.parse(row.last) as { amount: number; currency: string }) : null;
        return {
          ...row.device,
          siteName: row.siteName,
          lastAmount: last ? Number(last.amount) : null,
          lastCurrency: last?.currency ?? null,
        };
      }),
    };
  },

  /** An active device of the site, with the site's name. */
  async find(
    tx: Tx,
    merchantId: string,
    siteId: string,
    deviceId: string,
  ): Promise<(DeviceRow & { siteName: string | null }) | undefined> {
    const [row] = await tx
      .select({ device: devices, siteName: sites.name })
      .from(devices)
      .leftJoin(sites, and(eq(sites.merchantId, devices.merchantId), eq(sites.id, devices.siteId)))
      .where(
        and(
          eq(devices.merchantId, merchantId),
          eq(devices.siteId, siteId),
          eq(devices.id, deviceId),
          eq(devices.status, 'active'),
        ),
      )
      .limit(1);
    return row ? { ...row.device, siteName: row.siteName } : undefined;
  },

  async recentTransactions(tx: Tx, merchantId: string, deviceId: string, limit: number) {
    return tx
      .select({
        transactionId: transactions.id,
        createdAt: transactions.createdAt,
        amount: transactions.amount,
        currency: transactions.currency,
        status: transactions.status,
        cardScheme: transactions.cardScheme,
        cardLastFour: transactions.cardLastFour,
      })
      .from(transactions)
      .where(and(eq(transactions.merchantId, merchantId), eq(transactions.deviceId, deviceId)))
      .orderBy(desc(transactions.createdAt))
      .limit(limit);
  },

  async setLabel(tx: Tx, merchantId: string, deviceId: string, label: string, now: Date): Promise<DeviceRow> {
    const [row] = await tx
      .update(devices)
      .set({ label, updatedAt: now })
      .where(and(eq(devices.merchantId, merchantId), eq(devices.id, deviceId)))
      .returning();
    if (!row) throw new Error('device update returned nothing');
    return row;
  },

  async siteExists(tx: Tx, merchantId: string, siteId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.merchantId, merchantId), eq(sites.id, siteId), isNull(sites.deletedAt)))
      .limit(1);
    return Boolean(row);
  },

  /** What an order needs to know (SPEC §8 blockers): the current deal, whether signed, a payment method. */
  async orderFacts(tx: Tx, merchantId: string) {
    const [current] = await tx
      .select({ deviceRentalMonthly: rates.deviceRentalMonthly, currency: rates.currency })
      .from(rates)
      .where(and(eq(rates.merchantId, merchantId), isNull(rates.effectiveTo)))
      .limit(1);
    const [billing] = await tx
      .select({ hasSignedRates: billingSettings.hasSignedRates })
      .from(billingSettings)
      .where(eq(billingSettings.merchantId, merchantId));
    const [method] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.merchantId, merchantId), isNull(paymentMethods.deletedAt)))
      .limit(1);
    return {
      rates: current,
      dealSigned: billing?.hasSignedRates ?? false,
      hasPaymentMethod: Boolean(method),
    };
  },

  async insertOrder(
    tx: Tx,
    order: typeof deviceOrders.$inferInsert,
    lines: Omit<typeof deviceOrderLines.$inferInsert, 'orderId'>[],
  ) {
    const [row] = await tx.insert(deviceOrders).values(order).returning();
    if (!row) throw new Error('order insert returned nothing');
    await tx.insert(deviceOrderLines).values(lines.map((line) => ({ ...line, orderId: row.id })));
    return row;
  },

  /** The order an Idempotency-Key made, with its lines. */
  async orderByKey(tx: Tx, merchantId: string, idempotencyKey: string) {
    const [order] = await tx
      .select()
      .from(deviceOrders)
      .where(and(eq(deviceOrders.merchantId, merchantId), eq(deviceOrders.idempotencyKey, idempotencyKey)));
    if (!order) return undefined;
    const lines = await tx
      .select()
      .from(deviceOrderLines)
      .where(and(eq(deviceOrderLines.merchantId, merchantId), eq(deviceOrderLines.orderId, order.id)));
    return { order, lines };
  },

  /** Frees an expired Idempotency-Key: the order stays, it no longer answers for the key. */
  async releaseOrderKey(tx: Tx, merchantId: string, orderId: string): Promise<void> {
    await tx
      .update(deviceOrders)
      .set({ idempotencyKey: null })
      .where(and(eq(deviceOrders.merchantId, merchantId), eq(deviceOrders.id, orderId)));
  },

  async failedAttemptsSince(tx: Tx, merchantId: string, since: Date): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(deviceAssignAttempts)
      .where(
        and(
          eq(deviceAssignAttempts.merchantId, merchantId),
          eq(deviceAssignAttempts.succeeded, false),
          gte(deviceAssignAttempts.at, since),
        ),
      );
    return Number(row?.n ?? 0);
  },

  async recordAttempt(tx: Tx, values: typeof deviceAssignAttempts.$inferInsert) {
    await tx.insert(deviceAssignAttempts).values(values);
  },

  /** The stock terminal showing this code, locked; a used code no longer matches (its row is gone). */
  async stockByCode(tx: Tx, codeHash: string, now: Date): Promise<StockRow | undefined> {
    const [row] = await tx
      .select()
      .from(terminalStock)
      .where(and(eq(terminalStock.codeHash, codeHash), gte(terminalStock.codeExpiresAt, now)))
      .limit(1)
      .for('update');
    return row;
  },

  async removeFromStock(tx: Tx, id: string): Promise<boolean> {
    const removed = await tx
      .delete(terminalStock)
      .where(eq(terminalStock.id, id))
      .returning({ id: terminalStock.id });
    return removed.length === 1;
  },

  async insertDevice(tx: Tx, values: typeof devices.$inferInsert): Promise<DeviceRow> {
    const [row] = await tx.insert(devices).values(values).returning();
    if (!row) throw new Error('device insert returned nothing');
    return row;
  },
};
