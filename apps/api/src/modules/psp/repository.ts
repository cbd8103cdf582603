import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../access/tenant-db.ts';
import { devices, merchants, pspNotifications, refunds, sites, transactions } from '../../db/schema/index.ts';

export type NotificationInsert = typeof pspNotifications.$inferInsert;
export type NotificationRow = typeof pspNotifications.$inferSelect;
type TransactionInsert = typeof transactions.$inferInsert;

export interface PaymentLocation {
  merchantId: string;
  siteId: string;
  deviceId: string | null;
  merchantCountry: string;
}

/**
 * SQL of PSP ingestion. It runs as the owning role (service.ts, docs/decisions/0050): a notification names no
 * merchant, the terminal or site it came through does, so matching it is a cross-merchant look-up by design.
 * Every write below is keyed by the merchant found for it.
 */
export const pspRepository = {
  /**
   * Stores items; a duplicate (psp, pspReference, eventCode, success) is left as it was. Returns how many rows
   * are new and the payments they belong to.
   */
  async storeNotifications(
    tx: Tx,
    rows: NotificationInsert[],
  ): Promise<{ count: number; payments: Set<string> }> {
    if (rows.length === 0) return { count: 0, payments: new Set() };
    const inserted = await tx
      .insert(pspNotifications)
      .values(rows)
      .onConflictDoNothing({
        target: [
          pspNotifications.psp,
          pspNotifications.pspReference,
          pspNotifications.eventCode,
          pspNotifications.success,
        ],
      })
      .returning({ paymentReference: pspNotifications.paymentReference });
    return { count: inserted.length, payments: new Set(inserted.map((row) => row.paymentReference)) };
  },

  /** Payments among `references` with an item stored but not applied (a failed or interrupted apply). */
  async unappliedPayments(tx: Tx, psp: string, references: string[]): Promise<string[]> {
    if (references.length === 0) return [];
    const rows = await tx
      .selectDistinct({ paymentReference: pspNotifications.paymentReference })
      .from(pspNotifications)
      .where(
        and(
          eq(pspNotifications.psp, psp),
          inArray(pspNotifications.paymentReference, references),
          isNull(pspNotifications.appliedAt),
        ),
      );
    return rows.map((row) => row.paymentReference);
  },

  /** Serialises the applying of one payment's items across connections and API instances. */
  async lockPayment(tx: Tx, psp: string, paymentReference: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${psp}:${paymentReference}`}))`);
  },

  async eventsOfPayment(tx: Tx, psp: string, paymentReference: string): Promise<NotificationRow[]> {
    return tx
      .select()
      .from(pspNotifications)
      .where(and(eq(pspNotifications.psp, psp), eq(pspNotifications.paymentReference, paymentReference)))
      .orderBy(pspNotifications.eventDate, pspNotifications.receivedAt);
  },

  async transactionByPspReference(tx: Tx, pspReference: string) {
    const [row] = await tx
      .select({
        merchantId: transactions.merchantId,
        id: transactions.id,
        siteId: transactions.siteId,
        deviceId: transactions.deviceId,
      })
      .from(transactions)
      .where(eq(transactions.pspReference, pspReference))
      .limit(1);
    return row;
  },

  /** The terminal a payment was taken on (its serial is Adyen's terminalId), with its site and merchant. */
  async locationOfTerminal(tx: Tx, serial: string): Promise<PaymentLocation | undefined> {
    const [row] = await tx
      .select({
        merchantId: devices.merchantId,
        siteId: devices.siteId,
        deviceId: devices.id,
        merchantCountry: merchants.country,
      })
      .from(devices)
      .innerJoin(merchants, eq(merchants.id, devices.merchantId))
      .where(eq(devices.serial, serial))
      .limit(1);
    return row?.siteId ? { ...row, siteId: row.siteId } : undefined;
  },

  async locationOfSite(tx: Tx, siteId: string): Promise<PaymentLocation | undefined> {
    const [row] = await tx
      .select({ merchantId: sites.merchantId, siteId: sites.id, merchantCountry: merchants.country })
      .from(sites)
      .innerJoin(merchants, eq(merchants.id, sites.merchantId))
      .where(and(eq(sites.id, siteId), isNull(sites.deletedAt)))
      .limit(1);
    return row ? { ...row, deviceId: null } : undefined;
  },

  async merchantCountry(tx: Tx, merchantId: string): Promise<string> {
    const [row] = await tx
      .select({ country: merchants.country })
      .from(merchants)
      .where(eq(merchants.id, merchantId));
    return row?.country ?? '';
  },

  async refundsOfTransaction(tx: Tx, merchantId: string, transactionId: string) {
    return tx
      .select({
        id: refunds.id,
        pspReference: refunds.pspReference,
        amount: refunds.amount,
        status: refunds.status,
      })
      .from(refunds)
      .where(and(eq(refunds.merchantId, merchantId), eq(refunds.transactionId, transactionId)));
  },

  /** Creates the transaction or brings it up to date; returns its id. */
  async upsertTransaction(tx: Tx, row: TransactionInsert & { merchantId: string }): Promise<string> {
    const [saved] = await tx
      .insert(transactions)
      .values(row)
      .onConflictDoUpdate({
        target: transactions.pspReference,
        set: {
          status: row.status,
          amount: row.amount,
          tipAmount: row.tipAmount ?? 0,
          cardScheme: sql`coalesce(excluded.card_scheme, ${transactions.cardScheme})`,
          cardBin: sql`coalesce(excluded.card_bin, ${transactions.cardBin})`,
          cardLastFour: sql`coalesce(excluded.card_last_four, ${transactions.cardLastFour})`,
          cardRegion: sql`coalesce(excluded.card_region, ${transactions.cardRegion})`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: transactions.id });
    return (saved as { id: string }).id;
  },

  /** A refund a notification told of: created (refunds made on the terminal) or decided (ours). */
  async importedPayment(tx: Tx, merchantId: string, transactionId: string) {
    const [row] = await tx
      .select({
        amount: transactions.amount,
        tipAmount: transactions.tipAmount,
        currency: transactions.currency,
        status: transactions.status,
        createdAt: transactions.createdAt,
      })
      .from(transactions)
      .where(and(eq(transactions.merchantId, merchantId), eq(transactions.id, transactionId)));
    return row;
  },

  async setTransactionStatus(
    tx: Tx,
    merchantId: string,
    transactionId: string,
    status: string,
  ): Promise<void> {
    await tx
      .update(transactions)
      .set({ status })
      .where(and(eq(transactions.merchantId, merchantId), eq(transactions.id, transactionId)));
  },

  /** Gives a refund asked for through the API (no PSP reference yet) the PSP reference its notification carries. */
  async claimRequestedRefund(
    tx: Tx,
    merchantId: string,
    transactionId: string,
    refundId: string,
    pspReference: string,
  ): Promise<void> {
    await tx
      .update(refunds)
      .set({ pspReference, updatedAt: sql`now()` })
      .where(
        and(
          eq(refunds.merchantId, merchantId),
          eq(refunds.transactionId, transactionId),
          eq(refunds.id, refundId),
          isNull(refunds.pspReference),
        ),
      );
  },

  async upsertRefund(
    tx: Tx,
    row: {
      merchantId: string;
      transactionId: string;
      pspReference: string;
      amount: number;
      currency: string;
      status: string;
      failureReason: string | null;
      createdAt: Date;
    },
  ): Promise<void> {
    await tx
      .insert(refunds)
      .values(row)
      .onConflictDoUpdate({
        target: refunds.pspReference,
        targetWhere: sql`${refunds.pspReference} is not null`,
        set: { status: row.status, failureReason: row.failureReason, updatedAt: sql`now()` },
      });
  },

  async markPayment(
    tx: Tx,
    psp: string,
    paymentReference: string,
    outcome: { outcome: 'applied' | 'waiting' | 'unmatched'; merchantId?: string; transactionId?: string },
  ): Promise<void> {
    await tx
      .update(pspNotifications)
      .set({
        outcome: outcome.outcome,
        appliedAt: sql`now()`,
        ...(outcome.merchantId ? { merchantId: outcome.merchantId } : {}),
        ...(outcome.transactionId ? { transactionId: outcome.transactionId } : {}),
      })
      .where(and(eq(pspNotifications.psp, psp), eq(pspNotifications.paymentReference, paymentReference)));
  },

  async touchDevice(tx: Tx, merchantId: string, deviceId: string, at: Date): Promise<void> {
    await tx
      .update(devices)
      .set({
        lastTransactionAt: sql`greatest(${devices.lastTransactionAt}, ${at.toISOString()}::timestamptz)`,
        lastActivityAt: sql`greatest(${devices.lastActivityAt}, ${at.toISOString()}::timestamptz)`,
      })
      .where(and(eq(devices.merchantId, merchantId), eq(devices.id, deviceId)));
  },
};
