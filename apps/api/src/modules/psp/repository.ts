import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../access/tenant-db.ts';
import { devices, merchants, pspNotifications, refunds, sites, transactions } from '../../db/schema/index.ts';

export type NotificationInsert = typeof pspNotifications.$inferInsert;
export type NotificationRow = typeof pspNotifications.$inferSelect;
type TransactionInsert = typeof transactions.$inferInsert;

/** An item to store; `outcome` (with its merchant and transaction) when it is stored already applied. */
export type StoredItem = Omit<NotificationInsert, 'outcome' | 'appliedAt'> & {
  outcome?: 'applied' | 'waiting' | 'unmatched' | null;
};

/** A transaction to create or bring up to date (`id`: its own when it exists, a new one otherwise). */
export type TransactionWrite = TransactionInsert & { id: string; merchantId: string };

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
   * Stores items, in the order given (callers sort them by the dedupe key); a duplicate (psp, pspReference,
   * eventCode, success) is left as it was. An item may come already applied (`outcome` set: stored and applied
   * in one statement). Returns how many rows are new and the payments they belong to. One JSON parameter
   * instead of a parameter per column and row: building the latter cost more CPU than the database's insert.
   */
  async storeNotifications(
    tx: Tx,
    rows: readonly StoredItem[],
  ): Promise<{ count: number; payments: Set<string> }> {
    if (rows.length === 0) return { count: 0, payments: new Set() };
    const result = (await tx.execute(sql`
      insert into ${pspNotifications} (psp, psp_reference, original_reference, payment_reference, event_code,
             success, merchant_account_code, merchant_reference, amount, currency, event_date, reason,
             payment_method, additional_data, merchant_id, transaction_id, outcome, applied_at)
      select r.psp, r."pspReference", r."originalReference", r."paymentReference", r."eventCode", r.success,
             r."merchantAccountCode", r."merchantReference", r.amount, r.currency, r."eventDate", r.reason,
             r."paymentMethod", coalesce(r."additionalData", '{}'::jsonb), r."merchantId", r."transactionId",
             r.outcome, case when r.outcome is null then null else now() end
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as r(psp text, "pspReference" text, "originalReference" text, "paymentReference" text,
               "eventCode" text, success boolean, "merchantAccountCode" text, "merchantReference" text,
               amount bigint, currency text, "eventDate" timestamptz, reason text, "paymentMethod" text,
               "additionalData" jsonb, "merchantId" uuid, "transactionId" uuid, outcome text)
      on conflict (psp, psp_reference, event_code, success) do nothing
      returning payment_reference as "paymentReference"`)) as unknown as {
      rows: { paymentReference: string }[];
    };
    return { count: result.rows.length, payments: new Set(result.rows.map((row) => row.paymentReference)) };
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

  /** The refunds of the transactions these payments made. */
  async refundsOfPayments(tx: Tx, paymentReferences: readonly string[]) {
    if (paymentReferences.length === 0) return [];
    return tx
      .select({
        transactionId: refunds.transactionId,
        id: refunds.id,
        pspReference: refunds.pspReference,
        amount: refunds.amount,
        status: refunds.status,
      })
      .from(refunds)
      .innerJoin(
        transactions,
        and(eq(transactions.merchantId, refunds.merchantId), eq(transactions.id, refunds.transactionId)),
      )
      .where(inArray(transactions.pspReference, [...paymentReferences]));
  },

  /**
   * Writes what applying decided, in one statement: the transactions created or brought up to date (their
   * roll-up buckets are written by the statement triggers, in key order: migration 0042), the terminals' last transaction
   * moved forward (one row per device, locked in id order), and the items stored before marked with their
   * payment's outcome. Returns the transactions' ids by PSP reference.
   */
  async writeApplied(
    tx: Tx,
    psp: string,
    write: {
      transactions: readonly TransactionWrite[];
      touches: readonly { merchantId: string; deviceId: string; at: Date }[];
      outcomes: readonly {
        paymentReference: string;
        outcome: 'applied' | 'waiting' | 'unmatched';
        merchantId?: string;
        transactionId?: string;
      }[];
    },
  ): Promise<Map<string, string>> {
    if (write.transactions.length + write.touches.length + write.outcomes.length === 0) return new Map();
    const result = (await tx.execute(sql`
      with t as (
        insert into ${transactions} (merchant_id, id, site_id, device_id, psp_reference, merchant_reference, amount,
               tip_amount, currency, status, source, card_scheme, card_bin, card_last_four, card_region, created_at)
        select r."merchantId", r.id, r."siteId", r."deviceId", r."pspReference", r."merchantReference", r.amount,
               r."tipAmount", r.currency, r.status, r.source, r."cardScheme", r."cardBin", r."cardLastFour",
               r."cardRegion", r."createdAt"
          from jsonb_to_recordset(${JSON.stringify(write.transactions)}::jsonb)
            as r("merchantId" uuid, id uuid, "siteId" uuid, "deviceId" uuid, "pspReference" text,
                 "merchantReference" text, amount bigint, "tipAmount" bigint, currency text, status text,
                 source text, "cardScheme" text, "cardBin" text, "cardLastFour" text, "cardRegion" text,
                 "createdAt" timestamptz)
        on conflict (psp_reference) do update
           set status = excluded.status, amount = excluded.amount, tip_amount = excluded.tip_amount,
               card_scheme = coalesce(excluded.card_scheme, ${transactions}.card_scheme),
               card_bin = coalesce(excluded.card_bin, ${transactions}.card_bin),
               card_last_four = coalesce(excluded.card_last_four, ${transactions}.card_last_four),
               card_region = coalesce(excluded.card_region, ${transactions}.card_region),
               updated_at = now()
        returning id, psp_reference
      ), r as (
        select * from jsonb_to_recordset(${JSON.stringify(write.touches)}::jsonb)
          as r("merchantId" uuid, "deviceId" uuid, at timestamptz)
      ), l as (
        -- The terminals locked in id order before they are written, whatever order the join below takes.
        select id from ${devices} where id in (select "deviceId" from r) order by id for no key update
      ), d as (
        update ${devices} d
           set last_transaction_at = greatest(d.last_transaction_at, r.at),
               last_activity_at = greatest(d.last_activity_at, r.at)
          from r
         where d.merchant_id = r."merchantId" and d.id = r."deviceId" and d.id in (select id from l)
      ), n as (
        update ${pspNotifications} n
           set outcome = o.outcome, applied_at = now(),
               merchant_id = coalesce(o."merchantId", n.merchant_id),
               transaction_id = coalesce(o."transactionId", n.transaction_id)
          from jsonb_to_recordset(${JSON.stringify(write.outcomes)}::jsonb)
            as o("paymentReference" text, outcome text, "merchantId" uuid, "transactionId" uuid)
         where n.psp = ${psp} and n.payment_reference = o."paymentReference"
      )
      select id, psp_reference as "pspReference" from t`)) as unknown as {
      rows: { id: string; pspReference: string }[];
    };
    return new Map(result.rows.map((row) => [row.pspReference, row.id]));
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

  /**
   * Gives refunds asked for through the API (no PSP reference yet) the PSP reference their notification carries:
   * the refund `refundId` of the transaction that payment `paymentReference` made, if there is one.
   */
  async claimRequestedRefunds(
    tx: Tx,
    claims: readonly { paymentReference: string; refundId: string; pspReference: string }[],
  ): Promise<void> {
    if (claims.length === 0) return;
    await tx.execute(sql`
      update ${refunds} f set psp_reference = c."pspReference", updated_at = now()
        from (select distinct on ("refundId") *
                from jsonb_to_recordset(${JSON.stringify(claims)}::jsonb)
                  as c("paymentReference" text, "refundId" uuid, "pspReference" text)) c
        join ${transactions} t on t.psp_reference = c."paymentReference"
       where f.merchant_id = t.merchant_id and f.transaction_id = t.id and f.id = c."refundId"
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
};
