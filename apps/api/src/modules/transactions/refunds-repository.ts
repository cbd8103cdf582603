import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../access/tenant-db.ts';
import { pspNotifications, refunds, transactions } from '../../db/schema/index.ts';
import type { PaymentEvent } from '../psp/payment-state.ts';

export type RefundRow = typeof refunds.$inferSelect;

/** A unique index refused the row (PostgreSQL 23505, the same code on PGlite). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}

const lockable = {
  id: transactions.id,
  siteId: transactions.siteId,
  pspReference: transactions.pspReference,
  amount: transactions.amount,
  tipAmount: transactions.tipAmount,
  currency: transactions.currency,
  status: transactions.status,
  createdAt: transactions.createdAt,
};

/** SQL of refunds asked for through the API; runs inside the merchant's RLS transaction (`forMerchant`). */
export const refundsRepository = {
  async transactionRef(tx: Tx, merchantId: string, transactionId: string) {
    const [row] = await tx
      .select({ siteId: transactions.siteId, pspReference: transactions.pspReference })
      .from(transactions)
      .where(and(eq(transactions.merchantId, merchantId), eq(transactions.id, transactionId)));
    return row;
  },

  /** The advisory lock ingestion takes on a payment (psp repository `lockPayment`), so the two never interleave. */
  async lockPayment(tx: Tx, pspReference: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`adyen:${pspReference}`}))`);
  },

  /** `SELECT … FOR UPDATE` on the transaction row: refunds of one payment are decided one at a time. */
  async lockTransaction(tx: Tx, merchantId: string, transactionId: string) {
    const [row] = await tx
      .select(lockable)
      .from(transactions)
      .where(and(eq(transactions.merchantId, merchantId), eq(transactions.id, transactionId)))
      .for('update');
    return row;
  },

  async refundByKey(tx: Tx, merchantId: string, idempotencyKey: string): Promise<RefundRow | undefined> {
    const [row] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.merchantId, merchantId), eq(refunds.idempotencyKey, idempotencyKey)));
    return row;
  },

  /** Frees an expired Idempotency-Key: the old refund stays, it no longer answers for the key. */
  async releaseKey(tx: Tx, merchantId: string, refundId: string): Promise<void> {
    await tx
      .update(refunds)
      .set({ idempotencyKey: null })
      .where(and(eq(refunds.merchantId, merchantId), eq(refunds.id, refundId)));
  },

  async refundsOf(tx: Tx, merchantId: string, transactionId: string): Promise<RefundRow[]> {
    return tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.merchantId, merchantId), eq(refunds.transactionId, transactionId)))
      .orderBy(asc(refunds.createdAt));
  },

  async insertRefund(
    tx: Tx,
    row: {
      merchantId: string;
      transactionId: string;
      amount: number;
      currency: string;
      idempotencyKey: string | null;
      requestedBy: string;
      createdAt: Date;
    },
  ): Promise<RefundRow> {
    const [inserted] = await tx
      .insert(refunds)
      .values({ ...row, status: 'pending', updatedAt: row.createdAt })
      .returning();
    return inserted as RefundRow;
  },

  async setStatus(tx: Tx, merchantId: string, transactionId: string, status: string): Promise<void> {
    await tx
      .update(transactions)
      .set({ status })
      .where(and(eq(transactions.merchantId, merchantId), eq(transactions.id, transactionId)));
  },

  async setPspReference(tx: Tx, merchantId: string, refundId: string, pspReference: string): Promise<void> {
    await tx
      .update(refunds)
      .set({ pspReference, updatedAt: sql`now()` })
      .where(and(eq(refunds.merchantId, merchantId), eq(refunds.id, refundId), isNull(refunds.pspReference)));
  },

  async failRefund(tx: Tx, merchantId: string, refundId: string, reason: string): Promise<void> {
    await tx
      .update(refunds)
      .set({ status: 'failed', failureReason: reason, updatedAt: sql`now()` })
      .where(and(eq(refunds.merchantId, merchantId), eq(refunds.id, refundId)));
  },

  /** The payment's stored notifications, for working its status out again. */
  async paymentEvents(tx: Tx, paymentReference: string): Promise<PaymentEvent[]> {
    const rows = await tx
      .select()
      .from(pspNotifications)
      .where(and(eq(pspNotifications.psp, 'adyen'), eq(pspNotifications.paymentReference, paymentReference)))
      .orderBy(pspNotifications.eventDate, pspNotifications.receivedAt);
    return rows.map((row) => ({
      pspReference: row.pspReference,
      eventCode: row.eventCode,
      success: row.success,
      amount: row.amount,
      eventDate: row.eventDate,
      reason: row.reason,
      additionalData: row.additionalData,
    }));
  },
};
