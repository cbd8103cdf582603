import { and, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Tx } from '../../access/tenant-db.ts';
import { eodReports, merchants, sites } from '../../db/schema/index.ts';

export type EodReportRow = typeof eodReports.$inferSelect & { siteName: string; timeZone: string };

export interface EodListFilter {
  /** undefined: every site of the merchant. */
  siteIds: readonly string[] | undefined;
  from: string | undefined;
  to: string | undefined;
}

const withSite = () => ({
  report: eodReports,
  siteName: sql<string>`coalesce(${sites.displayName}, ${sites.name})`,
  timeZone: merchants.timeZone,
});

const flatten = (row: { report: typeof eodReports.$inferSelect; siteName: string; timeZone: string }) => ({
  ...row.report,
  siteName: row.siteName,
  timeZone: row.timeZone,
});

/** All SQL of end-of-day reports; runs inside the merchant's RLS transaction (`forMerchant`). */
export const eodReportsRepository = {
  async site(tx: Tx, merchantId: string, siteId: string) {
    const [row] = await tx
      .select({
        id: sites.id,
        settlementWindow: sites.settlementWindow,
        timeZone: merchants.timeZone,
        currency: merchants.currency,
      })
      .from(sites)
      .innerJoin(merchants, eq(merchants.id, sites.merchantId))
      .where(and(eq(sites.merchantId, merchantId), eq(sites.id, siteId), isNull(sites.deletedAt)))
      .limit(1);
    return row;
  },

  async get(tx: Tx, merchantId: string, id: string): Promise<EodReportRow | undefined> {
    const [row] = await tx
      .select(withSite())
      .from(eodReports)
      .innerJoin(sites, and(eq(sites.merchantId, eodReports.merchantId), eq(sites.id, eodReports.siteId)))
      .innerJoin(merchants, eq(merchants.id, eodReports.merchantId))
      .where(and(eq(eodReports.merchantId, merchantId), eq(eodReports.id, id)))
      .limit(1);
    return row ? flatten(row) : undefined;
  },

  async findDay(tx: Tx, merchantId: string, siteId: string, tradingDay: string) {
    const [row] = await tx
      .select({ id: eodReports.id, state: eodReports.state })
      .from(eodReports)
      .where(
        and(
          eq(eodReports.merchantId, merchantId),
          eq(eodReports.siteId, siteId),
          eq(eodReports.businessDate, tradingDay),
        ),
      )
      .limit(1);
    return row;
  },

  /**
   * The site's report of the day, made NEW (again) for a user's request, or created for the schedule; one row per
   * site and day (unique index), so two requests at once meet on the same row.
   */
  async upsert(
    tx: Tx,
    values: {
      merchantId: string;
      siteId: string;
      tradingDay: string;
      currency: string;
      origin: 'scheduled' | 'requested';
      createdBy: string | null;
    },
  ): Promise<{ id: string }> {
    const insert = tx.insert(eodReports).values({
      merchantId: values.merchantId,
      siteId: values.siteId,
      businessDate: values.tradingDay,
      currency: values.currency,
      origin: values.origin,
      createdBy: values.createdBy,
    });
    const target = [eodReports.merchantId, eodReports.siteId, eodReports.businessDate];
    const [row] =
      values.origin === 'requested'
        ? await insert
            .onConflictDoUpdate({
              target,
              set: {
                state: 'NEW',
                origin: 'requested',
                createdBy: values.createdBy,
                error: null,
                updatedAt: new Date(),
              },
            })
            .returning({ id: eodReports.id })
        : await insert
            .onConflictDoUpdate({ target, set: { updatedAt: sql`${eodReports.updatedAt}` } })
            .returning({ id: eodReports.id });
    if (!row) throw new Error('eod report upsert returned nothing');
    return row;
  },

  /** A report still NEW (no job has made it) turns ERROR with `reason`. */
  async failIfNew(tx: Tx, merchantId: string, id: string, reason: string): Promise<void> {
    await tx
      .update(eodReports)
      .set({ state: 'ERROR', error: reason, updatedAt: new Date() })
      .where(and(eq(eodReports.merchantId, merchantId), eq(eodReports.id, id), eq(eodReports.state, 'NEW')));
  },

  async update(tx: Tx, merchantId: string, id: string, values: Partial<typeof eodReports.$inferInsert>) {
    await tx
      .update(eodReports)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(eodReports.merchantId, merchantId), eq(eodReports.id, id)));
  },

  /** Newest trading day first, then site name order by id; keyset by (business_date, id). */
  async list(
    tx: Tx,
    merchantId: string,
    filter: EodListFilter,
    cursor: { tradingDay: string; id: string } | undefined,
    limit: number,
  ): Promise<EodReportRow[]> {
    const rows = await tx
      .select(withSite())
      .from(eodReports)
      .innerJoin(sites, and(eq(sites.merchantId, eodReports.merchantId), eq(sites.id, eodReports.siteId)))
      .innerJoin(merchants, eq(merchants.id, eodReports.merchantId))
      .where(
        and(
          eq(eodReports.merchantId, merchantId),
          filter.siteIds ? inArray(eodReports.siteId, [...filter.siteIds]) : undefined,
          filter.from ? gte(eodReports.businessDate, filter.from) : undefined,
          filter.to ? lte(eodReports.businessDate, filter.to) : undefined,
          cursor
            ? or(
                lt(eodReports.businessDate, cursor.tradingDay),
                and(eq(eodReports.businessDate, cursor.tradingDay), lt(eodReports.id, cursor.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(eodReports.businessDate), desc(eodReports.id))
      .limit(limit);
    return rows.map(flatten);
  },
};
