import { and, eq, sql } from 'drizzle-orm';
import { merchantMemberships, siteRoleGrants } from '../db/schema/index.ts';
import type { Tx } from './tenant-db.ts';

/**
 * Membership SQL that more than one module needs (users: the last-owner rule and removing a user; staff: the
 * ownership transfer). Runs inside the merchant's RLS transaction.
 */
export const membershipsRepository = {
  /** The merchant's company owners, locked until the transaction ends (the last-owner rule). */
  async lockOwners(tx: Tx, merchantId: string): Promise<string[]> {
    const rows = await tx
      .select({ userId: merchantMemberships.userId })
      .from(merchantMemberships)
      .where(
        and(
          eq(merchantMemberships.merchantId, merchantId),
          sql`'CompanyOwner' = any(${merchantMemberships.companyRoles})`,
        ),
      )
      .for('update');
    return rows.map((row) => row.userId);
  },

  /** Takes the user out of the merchant: their site grants, then the membership. */
  async deleteMembership(tx: Tx, merchantId: string, userId: string): Promise<void> {
    await tx
      .delete(siteRoleGrants)
      .where(and(eq(siteRoleGrants.merchantId, merchantId), eq(siteRoleGrants.userId, userId)));
    await tx
      .delete(merchantMemberships)
      .where(and(eq(merchantMemberships.merchantId, merchantId), eq(merchantMemberships.userId, userId)));
  },
};
