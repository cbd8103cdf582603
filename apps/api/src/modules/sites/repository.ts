import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../access/tenant-db.ts';
import { sites } from '../../db/schema/index.ts';

export interface SiteSummaryRow {
  siteId: string;
  name: string;
  displayName: string | null;
}

/** All SQL about sites for the sites module. Runs inside `forMerchant`, so RLS confines it to one merchant. */
export const sitesRepository = {
  /** The merchant's sites that are not deleted, by name; only `siteIds` when given. */
  async listSummaries(tx: Tx, merchantId: string, siteIds?: readonly string[]): Promise<SiteSummaryRow[]> {
    if (siteIds && siteIds.length === 0) return [];
    return tx
      .select({ siteId: sites.id, name: sites.name, displayName: sites.displayName })
      .from(sites)
      .where(
        and(
          eq(sites.merchantId, merchantId),
          isNull(sites.deletedAt),
          siteIds ? inArray(sites.id, [...siteIds]) : undefined,
        ),
      )
      .orderBy(sql`lower(${sites.name})`, asc(sites.id));
  },
};
