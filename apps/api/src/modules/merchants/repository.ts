import type { Role } from '@mp/domain/permissions';
import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../access/tenant-db.ts';
import { merchantMemberships, merchants, siteRoleGrants } from '../../db/schema/index.ts';

export type MerchantRow = typeof merchants.$inferSelect;

/** A user's roles at one merchant, as stored (see @mp/domain/permissions RoleGrants). */
export interface MembershipGrants {
  merchantId: string;
  companyRoles: Role[];
  siteRoles: { siteId: string; roles: Role[] }[];
}

/**
 * SQL about a user's own merchants. Runs inside `TenantDb.forUser`: row-level security (policy `member_self`)
 * lets it see only that user's memberships, grants and merchants, so the filters below are belt and braces.
 */
export const merchantRepository = {
  /** The merchants `userId` is a member of, sorted by legal entity name (SPEC §4). */
  async findForMember(tx: Tx, userId: string): Promise<MerchantRow[]> {
    const rows = await tx
      .select({ merchant: merchants })
      .from(merchantMemberships)
      .innerJoin(merchants, eq(merchants.id, merchantMemberships.merchantId))
      .where(eq(merchantMemberships.userId, userId))
      .orderBy(sql`lower(${merchants.legalEntityName})`, asc(merchants.id));
    return rows.map((row) => row.merchant);
  },

  /** The roles `userId` holds at each merchant they belong to. */
  async grantsOf(tx: Tx, userId: string): Promise<MembershipGrants[]> {
    const memberships = await tx
      .select({ merchantId: merchantMemberships.merchantId, companyRoles: merchantMemberships.companyRoles })
      .from(merchantMemberships)
      .where(eq(merchantMemberships.userId, userId));
    const grants = await tx
      .select({
        merchantId: siteRoleGrants.merchantId,
        siteId: siteRoleGrants.siteId,
        role: siteRoleGrants.role,
      })
      .from(siteRoleGrants)
      .where(eq(siteRoleGrants.userId, userId))
      .orderBy(asc(siteRoleGrants.siteId), asc(siteRoleGrants.role));
    return memberships.map((membership) => {
      const bySite = new Map<string, Role[]>();
      for (const grant of grants) {
        if (grant.merchantId !== membership.merchantId) continue;
        bySite.set(grant.siteId, [...(bySite.get(grant.siteId) ?? []), grant.role as Role]);
      }
      return {
        merchantId: membership.merchantId,
        companyRoles: membership.companyRoles as Role[],
        siteRoles: [...bySite].map(([siteId, roles]) => ({ siteId, roles })),
      };
    });
  },

  /** Locks the merchant row until the transaction ends: one change of its details, status or rates at a time. */
  async lockMerchant(tx: Tx, merchantId: string): Promise<MerchantRow | undefined> {
    const [row] = await tx.select().from(merchants).where(eq(merchants.id, merchantId)).for('update');
    return row;
  },

  async updateMerchant(
    tx: Tx,
    merchantId: string,
    values: Partial<typeof merchants.$inferInsert>,
  ): Promise<MerchantRow | undefined> {
    const [row] = await tx.update(merchants).set(values).where(eq(merchants.id, merchantId)).returning();
    return row;
  },
};
