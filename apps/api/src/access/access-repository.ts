import type { Role } from '@mp/domain/permissions';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { merchantMemberships, merchants, siteRoleGrants, staffOverrides } from '../db/schema/index.ts';
import type { Tx } from './tenant-db.ts';

export type MerchantRow = typeof merchants.$inferSelect;

/** SQL the access check needs; run inside the merchant's RLS transaction. */
export const accessRepository = {
  async merchant(tx: Tx, merchantId: string): Promise<MerchantRow | undefined> {
    const [row] = await tx.select().from(merchants).where(eq(merchants.id, merchantId)).limit(1);
    return row;
  },

  /** The user's roles at the merchant, or undefined when they are not a member. */
  async grants(
    tx: Tx,
    merchantId: string,
    userId: string,
  ): Promise<{ companyRoles: Role[]; siteRoles: { siteId: string; roles: Role[] }[] } | undefined> {
    const [membership] = await tx
      .select({ companyRoles: merchantMemberships.companyRoles })
      .from(merchantMemberships)
      .where(and(eq(merchantMemberships.merchantId, merchantId), eq(merchantMemberships.userId, userId)));
    if (!membership) return undefined;
    const rows = await tx
      .select({ siteId: siteRoleGrants.siteId, role: siteRoleGrants.role })
      .from(siteRoleGrants)
      .where(and(eq(siteRoleGrants.merchantId, merchantId), eq(siteRoleGrants.userId, userId)))
      .orderBy(asc(siteRoleGrants.siteId), asc(siteRoleGrants.role));
    const bySite = new Map<string, Role[]>();
    for (const row of rows) bySite.set(row.siteId, [...(bySite.get(row.siteId) ?? []), row.role as Role]);
    return {
      companyRoles: membership.companyRoles as Role[],
      siteRoles: [...bySite].map(([siteId, roles]) => ({ siteId, roles })),
    };
  },

  async liveOverride(tx: Tx, merchantId: string, staffUserId: string, now: Date) {
    const [row] = await tx
      .select()
      .from(staffOverrides)
      .where(
        and(
          eq(staffOverrides.merchantId, merchantId),
          eq(staffOverrides.staffUserId, staffUserId),
          isNull(staffOverrides.endedAt),
          gt(staffOverrides.expiresAt, now),
        ),
      )
      .limit(1);
    return row;
  },
};
