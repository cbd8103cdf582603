import type { Role } from '@mp/domain/permissions';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchantMemberships, merchants, siteRoleGrants } from '../../db/schema/index.ts';

export type MerchantRow = typeof merchants.$inferSelect;

/** A user's roles at one merchant, as stored (see @mp/domain/permissions RoleGrants). */
export interface MembershipGrants {
  merchantId: string;
  companyRoles: Role[];
  siteRoles: { siteId: string; roles: Role[] }[];
}

/** All SQL about merchants and who belongs to them. */
export function createMerchantRepository(db: Db) {
  async function grantsFor(userId: string, merchantIds: string[]): Promise<MembershipGrants[]> {
    if (merchantIds.length === 0) return [];
    const [memberships, grants] = await Promise.all([
      db
        .select({
          merchantId: merchantMemberships.merchantId,
          companyRoles: merchantMemberships.companyRoles,
        })
        .from(merchantMemberships)
        .where(
          and(eq(merchantMemberships.userId, userId), inArray(merchantMemberships.merchantId, merchantIds)),
        ),
      db
        .select({
          merchantId: siteRoleGrants.merchantId,
          siteId: siteRoleGrants.siteId,
          role: siteRoleGrants.role,
        })
        .from(siteRoleGrants)
        .where(and(eq(siteRoleGrants.userId, userId), inArray(siteRoleGrants.merchantId, merchantIds)))
        .orderBy(asc(siteRoleGrants.siteId), asc(siteRoleGrants.role)),
    ]);
    return memberships.map((membership) => {
      const bySite = new Map<string, Role[]>();
      for (const grant of grants) {
        if (grant.merchantId !== membership.merchantId) continue;
        const roles = bySite.get(grant.siteId) ?? [];
        roles.push(grant.role as Role);
        bySite.set(grant.siteId, roles);
      }
      return {
        merchantId: membership.merchantId,
        companyRoles: membership.companyRoles as Role[],
        siteRoles: [...bySite].map(([siteId, roles]) => ({ siteId, roles })),
      };
    });
  }

  return {
    async findById(merchantId: string): Promise<MerchantRow | undefined> {
      const [row] = await db.select().from(merchants).where(eq(merchants.id, merchantId)).limit(1);
      return row;
    },

    /** The merchants `userId` is a member of, sorted by legal entity name (SPEC §4). */
    async findForMember(userId: string): Promise<MerchantRow[]> {
      const rows = await db
        .select({ merchant: merchants })
        .from(merchantMemberships)
        .innerJoin(merchants, eq(merchants.id, merchantMemberships.merchantId))
        .where(eq(merchantMemberships.userId, userId))
        .orderBy(sql`lower(${merchants.legalEntityName})`, asc(merchants.id));
      return rows.map((row) => row.merchant);
    },

    /** Roles `userId` holds at each of `merchantIds` where they are a member. */
    grantsFor,

    async membershipGrants(userId: string, merchantId: string): Promise<MembershipGrants | undefined> {
      const [grants] = await grantsFor(userId, [merchantId]);
      return grants;
    },
  };
}

export type MerchantRepository = ReturnType<typeof createMerchantRepository>;
