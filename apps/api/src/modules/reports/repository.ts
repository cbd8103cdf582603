import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Tx } from '../../access/tenant-db.ts';
import { ledgerEntries, payouts, reports, sites } from '../../db/schema/index.ts';

export type ReportRow = typeof reports.$inferSelect;

export interface ReportCursor {
  createdAt: Date;
  id: string;
}

export interface PayoutRangeFilter {
  merchantId: string;
  from: string;
  to: string;
  siteIds: readonly string[] | undefined;
}

/** The sites a caller may see reports of: every one, or only reports whose sites they all hold. */
export type ReportVisibility = 'all' | readonly string[];

function visibleTo(visibility: ReportVisibility): SQL | undefined {
  if (visibility === 'all') return undefined;
  // A report of "every site" (null) is only for callers who hold every site.
  return sql`${reports.siteIds} is not null and ${reports.siteIds} <@ ${`{${visibility.join(',')}}`}::uuid[]`;
}

const payoutRangeWhere = (filter: PayoutRangeFilter) =>
  and(
    eq(payouts.merchantId, filter.merchantId),
    gte(payouts.payoutDate, filter.from),
    lte(payouts.payoutDate, filter.to),
    filter.siteIds ? inArray(payouts.siteId, [...filter.siteIds]) : undefined,
  );

/** All SQL of reports; runs inside the merchant's RLS transaction (`forMerchant`). */
export const reportsRepository = {
  async siteExists(tx: Tx, merchantId: string, siteId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.merchantId, merchantId), eq(sites.id, siteId), isNull(sites.deletedAt)))
      .limit(1);
    return Boolean(row);
  },

  async insert(tx: Tx, values: typeof reports.$inferInsert): Promise<ReportRow> {
    const [row] = await tx.insert(reports).values(values).returning();
    if (!row) throw new Error('report insert returned nothing');
    return row;
  },

  /** Takes back a request whose job could not be queued: the report is removed while no job has touched it. */
  async removeNew(tx: Tx, merchantId: string, reportId: string): Promise<void> {
    await tx
      .delete(reports)
      .where(and(eq(reports.merchantId, merchantId), eq(reports.id, reportId), eq(reports.state, 'NEW')));
  },

  async get(tx: Tx, merchantId: string, reportId: string, visibility: ReportVisibility = 'all') {
    const [row] = await tx
      .select()
      .from(reports)
      .where(and(eq(reports.merchantId, merchantId), eq(reports.id, reportId), visibleTo(visibility)))
      .limit(1);
    return row;
  },

  /** Newest first, keyset by (created_at, id). */
  async list(
    tx: Tx,
    merchantId: string,
    filter: { type: string | undefined; visibility: ReportVisibility },
    cursor: ReportCursor | undefined,
    limit: number,
  ) {
    return tx
      .select()
      .from(reports)
      .where(
        and(
          eq(reports.merchantId, merchantId),
          filter.type ? eq(reports.type, filter.type) : undefined,
          visibleTo(filter.visibility),
          cursor
            ? or(
                lt(reports.createdAt, cursor.createdAt),
                and(eq(reports.createdAt, cursor.createdAt), lt(reports.id, cursor.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(limit);
  },

  /** Notes that the requester is watching these unfinished reports on the page (`params.watchedAt`). */
  async markWatched(tx: Tx, merchantId: string, reportIds: readonly string[], at: Date) {
    await tx
      .update(reports)
      .set({ params: sql`${reports.params} || jsonb_build_object('watchedAt', ${at.toISOString()}::text)` })
      .where(and(eq(reports.merchantId, merchantId), inArray(reports.id, [...reportIds])));
  },

  /**
   * System sweep (owning role): NEW or PROCESSING reports untouched since `before` become ERROR; their count. A NEW
   * one that old was never taken by a job (its job was never queued: the process died between the request's commit
   * and the queue).
   */
  async failStuck(tx: Tx, before: Date, now: Date, reason: string): Promise<number> {
    const rows = await tx
      .update(reports)
      .set({ state: 'ERROR', error: reason, completedAt: now, updatedAt: now })
      .where(and(inArray(reports.state, ['NEW', 'PROCESSING']), lt(reports.updatedAt, before)))
      .returning({ id: reports.id });
    return rows.length;
  },

  /**
   * The job's writes, applied only while the report is not done: a late or duplicate run never takes a READY or
   * ERROR report back (to PROCESSING, or from READY to ERROR). Whether it was applied.
   */
  async update(
    tx: Tx,
    merchantId: string,
    reportId: string,
    values: Partial<typeof reports.$inferInsert>,
  ): Promise<boolean> {
    const rows = await tx
      .update(reports)
      .set({ ...values, updatedAt: new Date() })
      .where(
        and(
          eq(reports.merchantId, merchantId),
          eq(reports.id, reportId),
          notInArray(reports.state, ['READY', 'ERROR']),
        ),
      )
      .returning({ id: reports.id });
    return rows.length > 0;
  },

  async countPayouts(tx: Tx, filter: PayoutRangeFilter): Promise<number> {
    const [row] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(payouts)
      .where(payoutRangeWhere(filter));
    return row?.count ?? 0;
  },

  /** One batch of payouts in the range, newest trading day first (as the payouts list shows them). */
  async payoutsBatch(
    tx: Tx,
    filter: PayoutRangeFilter,
    after: { payoutDate: string; id: string } | undefined,
    limit: number,
  ) {
    return tx
      .select({
        id: payouts.id,
        payoutDate: payouts.payoutDate,
        siteName: sql<string>`coalesce(${sites.displayName}, ${sites.name})`,
        status: payouts.status,
        reference: payouts.reference,
        grossAmount: payouts.grossAmount,
        feesAmount: payouts.feesAmount,
        amount: payouts.amount,
        currency: payouts.currency,
        expectedArrival: payouts.expectedArrival,
        paidAt: payouts.paidAt,
        failureReason: payouts.failureReason,
      })
      .from(payouts)
      .innerJoin(sites, and(eq(sites.merchantId, payouts.merchantId), eq(sites.id, payouts.siteId)))
      .where(
        and(
          payoutRangeWhere(filter),
          after
            ? or(
                lt(payouts.payoutDate, after.payoutDate),
                and(eq(payouts.payoutDate, after.payoutDate), lt(payouts.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(payouts.payoutDate), desc(payouts.id))
      .limit(limit);
  },

  async payoutSite(tx: Tx, merchantId: string, payoutId: string) {
    const [row] = await tx
      .select({ id: payouts.id, siteId: payouts.siteId, payoutDate: payouts.payoutDate })
      .from(payouts)
      .where(and(eq(payouts.merchantId, merchantId), eq(payouts.id, payoutId)))
      .limit(1);
    return row;
  },

  async countEntries(tx: Tx, merchantId: string, payoutId: string): Promise<number> {
    const [row] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.merchantId, merchantId), eq(ledgerEntries.payoutId, payoutId)));
    return row?.count ?? 0;
  },

  /** One batch of a payout's ledger entries in time order, keyset by (occurred_at, id). */
  async entriesBatch(
    tx: Tx,
    merchantId: string,
    payoutId: string,
    after: { occurredAt: Date; id: string } | undefined,
    limit: number,
  ) {
    return tx
      .select({
        id: ledgerEntries.id,
        occurredAt: ledgerEntries.occurredAt,
        tradingDay: ledgerEntries.tradingDay,
        type: ledgerEntries.type,
        description: ledgerEntries.description,
        amount: ledgerEntries.amount,
        currency: ledgerEntries.currency,
        invoiced: ledgerEntries.invoiced,
        transactionId: ledgerEntries.transactionId,
      })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.merchantId, merchantId),
          eq(ledgerEntries.payoutId, payoutId),
          after
            ? or(
                gt(ledgerEntries.occurredAt, after.occurredAt),
                and(eq(ledgerEntries.occurredAt, after.occurredAt), gt(ledgerEntries.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(ledgerEntries.occurredAt), asc(ledgerEntries.id))
      .limit(limit);
  },
};
