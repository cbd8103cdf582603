import type { Role } from '@mp/domain/permissions';
import { and, eq, sql } from 'drizzle-orm';
import { merchantMemberships, siteRoleGrants } from '../db/schema/index.ts';
import type { Tx } from './tenant-db.ts';

/**
 * The site roles of the membership row in scope (`merchant_memberships` in the FROM), sorted by site and
 * role, as one JSON value: a member's roles come with their row, without a second statement.
 */
export const siteRolesOfMembership = sql<{ siteId: string; roles: Role[] }[]>`coalesce((
  select json_agg(json_build_object('siteId', g.site_id, 'roles', g.roles) order by g.site_id)
    from (select srg.site_id, array_agg(srg.role order by srg.role) as roles
            from site_role_grants srg
           where srg.merchant_id = ${merchantMemberships.merchantId} and srg.user_id = ${merchantMemberships.userId}
           group by srg.site_id) g), '[]'::json)`;

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
