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

  /**
   * Serialises the applying of payments across connections and API instances: one advisory lock per payment
   * (the same key the refunds service takes), taken in the order of their keys, so two deliveries sharing
   * payments never wait on each other in a circle.
   */
  async lockPayments(tx: Tx, psp: string, paymentReferences: readonly string[]): Promise<void> {
    if (paymentReferences.length === 0) return;
    const keys = paymentReferences.map((reference) => `${psp}:${reference}`);
    await tx.execute(sql`
      select pg_advisory_xact_lock(k.key)
        from (select distinct hashtext(r) as key from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) r
               order by 1) k`);
  },

  /** Every stored item of these payments, each payment's in the order they happened. */
  async eventsOfPayments(
    tx: Tx,
    psp: string,
    paymentReferences: readonly string[],
  ): Promise<NotificationRow[]> {
    return tx
      .select()
      .from(pspNotifications)
      .where(
        and(
          eq(pspNotifications.psp, psp),
          inArray(pspNotifications.paymentReference, [...paymentReferences]),
        ),
      )
      .orderBy(pspNotifications.paymentReference, pspNotifications.eventDate, pspNotifications.receivedAt);
  },

  /** The transactions these payments already made, with what applying needs of them and their merchant. */
  async transactionsByPspReferences(tx: Tx, pspReferences: readonly string[]) {
    if (pspReferences.length === 0) return [];
    return tx
      .select({
        pspReference: transactions.pspReference,
        merchantId: transactions.merchantId,
        id: transactions.id,
        siteId: transactions.siteId,
        deviceId: transactions.deviceId,
        amount: transactions.amount,
        tipAmount: transactions.tipAmount,
        currency: transactions.currency,
        status: transactions.status,
        createdAt: transactions.createdAt,
        merchantCountry: merchants.country,
      })
      .from(transactions)
      .innerJoin(merchants, eq(merchants.id, transactions.merchantId))
      .where(inArray(transactions.pspReference, [...pspReferences]));
  },

  /** The terminals payments were taken on (their serial is Adyen's terminalId), with site and merchant. */
  async locationsOfTerminals(tx: Tx, serials: readonly string[]): Promise<Map<string, PaymentLocation>> {
    const found = new Map<string, PaymentLocation>();
    if (serials.length === 0) return found;
    const rows = await tx
      .select({
        serial: devices.serial,
        merchantId: devices.merchantId,
        siteId: devices.siteId,
        deviceId: devices.id,
        merchantCountry: merchants.country,
      })
      .from(devices)
      .innerJoin(merchants, eq(merchants.id, devices.merchantId))
      .where(inArray(devices.serial, [...serials]));
    for (const { serial, siteId, ...row } of rows)
      if (siteId && !found.has(serial)) found.set(serial, { ...row, siteId });
    return found;
  },

  async locationsOfSites(tx: Tx, siteIds: readonly string[]): Promise<Map<string, PaymentLocation>> {
    const found = new Map<string, PaymentLocation>();
    if (siteIds.length === 0) return found;
    const rows = await tx
      .select({ merchantId: sites.merchantId, siteId: sites.id, merchantCountry: merchants.country })
      .from(sites)
      .innerJoin(merchants, eq(merchants.id, sites.merchantId))
      .where(and(inArray(sites.id, [...siteIds]), isNull(sites.deletedAt)));
    for (const row of rows) found.set(row.siteId, { ...row, deviceId: null });
    return found;
  },

  async refundsOfTransactions(tx: Tx, transactionIds: readonly string[]) {
    if (transactionIds.length === 0) return [];
    return tx
      .select({
        transactionId: refunds.transactionId,
        id: refunds.id,
        pspReference: refunds.pspReference,
        amount: refunds.amount,
        status: refunds.status,
      })
      .from(refunds)
      .where(inArray(refunds.transactionId, [...transactionIds]));
  },

  /** Creates the transactions or brings them up to date (one statement); returns their ids by PSP reference. */
  async upsertTransactions(
    tx: Tx,
    rows: (TransactionInsert & { merchantId: string })[],
  ): Promise<Map<string, string>> {
    if (rows.length === 0) return new Map();
    const saved = await tx
      .insert(transactions)
      .values(rows)
      .onConflictDoUpdate({
        target: transactions.pspReference,
        set: {
          status: sql`excluded.status`,
          amount: sql`excluded.amount`,
          tipAmount: sql`excluded.tip_amount`,
          cardScheme: sql`coalesce(excluded.card_scheme, ${transactions.cardScheme})`,
          cardBin: sql`coalesce(excluded.card_bin, ${transactions.cardBin})`,
          cardLastFour: sql`coalesce(excluded.card_last_four, ${transactions.cardLastFour})`,
          cardRegion: sql`coalesce(excluded.card_region, ${transactions.cardRegion})`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: transactions.id, pspReference: transactions.pspReference });
    return new Map(saved.map((row) => [row.pspReference, row.id]));
  },

  /** New statuses of transactions imported without their notifications (refunds told of later). */
  async setTransactionStatuses(
    tx: Tx,
    rows: readonly { merchantId: string; transactionId: string; status: string }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await tx.execute(sql`
      update ${transactions} t set status = r.status
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r("merchantId" uuid, "transactionId" uuid, status text)
       where t.merchant_id = r."merchantId" and t.id = r."transactionId"`);
  },

  /** Gives refunds asked for through the API (no PSP reference yet) the PSP reference their notification carries. */
  async claimRequestedRefunds(
    tx: Tx,
    claims: readonly { merchantId: string; transactionId: string; refundId: string; pspReference: string }[],
  ): Promise<void> {
    if (claims.length === 0) return;
    await tx.execute(sql`
      update ${refunds} f set psp_reference = c."pspReference", updated_at = now()
        from (select distinct on ("refundId") *
                from jsonb_to_recordset(${JSON.stringify(claims)}::jsonb)
                  as c("merchantId" uuid, "transactionId" uuid, "refundId" uuid, "pspReference" text)) c
       where f.merchant_id = c."merchantId" and f.transaction_id = c."transactionId" and f.id = c."refundId"
         and f.psp_reference is null`);
  },

  /** Refunds notifications told of: created (refunds made on the terminal) or decided (ours), one statement. */
  async upsertRefunds(
    tx: Tx,
    rows: readonly {
      merchantId: string;
      transactionId: string;
      pspReference: string;
      amount: number;
      currency: string;
      status: string;
      failureReason: string | null;
      createdAt: Date;
    }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await tx
      .insert(refunds)
      .values([...rows])
      .onConflictDoUpdate({
        target: refunds.pspReference,
        targetWhere: sql`${refunds.pspReference} is not null`,
        set: {
          status: sql`excluded.status`,
          failureReason: sql`excluded.failure_reason`,
          // The earliest date the refund was given: the same whatever order its items arrived in.
          createdAt: sql`least(${refunds.createdAt}, excluded.created_at)`,
          updatedAt: sql`now()`,
        },
      });
  },

  /** Every item of each payment marked with what applying it did (one statement). */
  async markPayments(
    tx: Tx,
    psp: string,
    outcomes: readonly {
      paymentReference: string;
      outcome: 'applied' | 'waiting' | 'unmatched';
      merchantId?: string;
      transactionId?: string;
    }[],
  ): Promise<void> {
    if (outcomes.length === 0) return;
    await tx.execute(sql`
      update ${pspNotifications} n
         set outcome = o.outcome, applied_at = now(),
             merchant_id = coalesce(o."merchantId", n.merchant_id),
             transaction_id = coalesce(o."transactionId", n.transaction_id)
        from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb)
          as o("paymentReference" text, outcome text, "merchantId" uuid, "transactionId" uuid)
       where n.psp = ${psp} and n.payment_reference = o."paymentReference"`);
  },

  /** The terminals' last transaction and activity moved forward (one statement, one row per device). */
  async touchDevices(
    tx: Tx,
    touches: readonly { merchantId: string; deviceId: string; at: Date }[],
  ): Promise<void> {
    if (touches.length === 0) return;
    await tx.execute(sql`
      update ${devices} d
         set last_transaction_at = greatest(d.last_transaction_at, r.at),
             last_activity_at = greatest(d.last_activity_at, r.at)
        from jsonb_to_recordset(${JSON.stringify(touches)}::jsonb) as r("merchantId" uuid, "deviceId" uuid, at timestamptz)
       where d.merchant_id = r."merchantId" and d.id = r."deviceId"`);
  },
};
