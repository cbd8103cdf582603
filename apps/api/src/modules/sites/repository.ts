import { and, asc, count, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../access/tenant-db.ts';
import { devices, sites, transactions } from '../../db/schema/index.ts';

export type SiteRow = typeof sites.$inferSelect;
export type SiteInsert = typeof sites.$inferInsert;

export interface SiteSummaryRow extends SiteRow {
  deviceCount: number;
}

const live = (merchantId: string) => and(eq(sites.merchantId, merchantId), isNull(sites.deletedAt));

/** All SQL about sites. Runs inside `forMerchant`, so RLS confines it to one merchant. */
export const sitesRepository = {
  /** The merchant's sites that are not archived, by name, with their assigned devices; only `siteIds` when given. */
  async list(tx: Tx, merchantId: string, siteIds?: readonly string[]): Promise<SiteSummaryRow[]> {
    if (siteIds && siteIds.length === 0) return [];
    const deviceCounts = tx
      .select({ siteId: devices.siteId, n: count().as('n') })
      .from(devices)
      .where(and(eq(devices.merchantId, merchantId), eq(devices.status, 'active')))
      .groupBy(devices.siteId)
      .as('device_counts');
    const rows = await tx
      .select({ site: sites, deviceCount: deviceCounts.n })
      .from(sites)
      .leftJoin(deviceCounts, eq(deviceCounts.siteId, sites.id))
      .where(and(live(merchantId), siteIds ? inArray(sites.id, [...siteIds]) : undefined))
      .orderBy(sql`lower(${sites.name})`, asc(sites.id));
    return rows.map((row) => ({ ...row.site, deviceCount: Number(row.deviceCount ?? 0) }));
  },

  async find(tx: Tx, merchantId: string, siteId: string, lock = false): Promise<SiteRow | undefined> {
    const query = tx
      .select()
      .from(sites)
      .where(and(live(merchantId), eq(sites.id, siteId)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  /** Any site of the merchant (archived ones too) with this name, case-insensitively (the unique index). */
  async nameTaken(tx: Tx, merchantId: string, name: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.merchantId, merchantId), sql`lower(${sites.name}) = lower(${name})`))
      .limit(1);
    return Boolean(row);
  },

  async insert(tx: Tx, values: SiteInsert): Promise<SiteRow> {
    const [row] = await tx.insert(sites).values(values).returning();
    if (!row) throw new Error('site insert returned nothing');
    return row;
  },

  async update(tx: Tx, merchantId: string, siteId: string, values: Partial<SiteInsert>): Promise<SiteRow> {
    const [row] = await tx
      .update(sites)
      .set(values)
      .where(and(eq(sites.merchantId, merchantId), eq(sites.id, siteId)))
      .returning();
    if (!row) throw new Error('site update returned nothing');
    return row;
  },

  async assignedDeviceCount(tx: Tx, merchantId: string, siteId: string): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(devices)
      .where(
        and(eq(devices.merchantId, merchantId), eq(devices.siteId, siteId), eq(devices.status, 'active')),
      );
    return Number(row?.n ?? 0);
  },

  async hasTransactionsSince(tx: Tx, merchantId: string, siteId: string, since: Date): Promise<boolean> {
    const [row] = await tx
      .select({ id: transactions.id })
      .from(transactions)
      .where(
        and(
          eq(transactions.merchantId, merchantId),
          eq(transactions.siteId, siteId),
          gte(transactions.createdAt, since),
        ),
      )
      .limit(1);
    return Boolean(row);
  },
};
