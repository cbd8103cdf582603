import { and, asc, eq, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../access/tenant-db.ts';
import {
  merchantMemberships,
  merchants,
  siteRoleGrants,
  staffOverrides,
  users,
} from '../../db/schema/index.ts';

export type OverrideRow = typeof staffOverrides.$inferSelect;

/** All SQL of the staff powers. Everything but `search` and `dueChurns` runs in the merchant's RLS transaction. */
export const staffRepository = {
  /** Cross-merchant: only through TenantDb.acrossMerchants, by an audited staff search. */
  async search(tx: Tx, name: string, limit: number) {
    const pattern = `%${name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return tx
      .select()
      .from(merchants)
      .where(sql`lower(${merchants.legalEntityName}) like ${pattern}`)
      .orderBy(asc(sql`lower(${merchants.legalEntityName})`), asc(merchants.id))
      .limit(limit);
  },

  async endLiveOverrides(tx: Tx, merchantId: string, staffUserId: string, now: Date): Promise<OverrideRow[]> {
    return tx
      .update(staffOverrides)
      .set({ endedAt: now })
      .where(
        and(
          eq(staffOverrides.merchantId, merchantId),
          eq(staffOverrides.staffUserId, staffUserId),
          isNull(staffOverrides.endedAt),
        ),
      )
      .returning();
  },

  async insertOverride(tx: Tx, values: typeof staffOverrides.$inferInsert): Promise<OverrideRow> {
    const [row] = await tx.insert(staffOverrides).values(values).returning();
    return row as OverrideRow;
  },

  async lockMerchant(tx: Tx, merchantId: string) {
    const [row] = await tx.select().from(merchants).where(eq(merchants.id, merchantId)).for('update');
    return row;
  },

  async updateMerchant(tx: Tx, merchantId: string, values: Partial<typeof merchants.$inferInsert>) {
    const [row] = await tx.update(merchants).set(values).where(eq(merchants.id, merchantId)).returning();
    return row;
  },

  async userByEmail(tx: Tx, email: string) {
    const [row] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1);
    return row;
  },

  async owners(tx: Tx, merchantId: string): Promise<string[]> {
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

  /** Makes `userId` the merchant's CompanyOwner (a member or not); an owner holds every site, so site grants go. */
  async makeOwner(tx: Tx, merchantId: string, userId: string, invitedBy: string, now: Date) {
    await tx
      .insert(merchantMemberships)
      .values({
        merchantId,
        userId,
        companyRoles: ['CompanyOwner'],
        invitedBy,
        invitedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [merchantMemberships.merchantId, merchantMemberships.userId],
        set: { companyRoles: ['CompanyOwner'], updatedAt: now },
      });
    await tx
      .delete(siteRoleGrants)
      .where(and(eq(siteRoleGrants.merchantId, merchantId), eq(siteRoleGrants.userId, userId)));
  },

  async removeMember(tx: Tx, merchantId: string, userId: string) {
    await tx
      .delete(siteRoleGrants)
      .where(and(eq(siteRoleGrants.merchantId, merchantId), eq(siteRoleGrants.userId, userId)));
    await tx
      .delete(merchantMemberships)
      .where(and(eq(merchantMemberships.merchantId, merchantId), eq(merchantMemberships.userId, userId)));
  },

  /** Cross-merchant: merchants whose churn date has come and that are not churned yet. */
  async dueChurns(tx: Tx, now: Date) {
    return tx
      .select({ id: merchants.id, status: merchants.status })
      .from(merchants)
      .where(
        and(
          isNotNull(merchants.churnEffectiveAt),
          lte(merchants.churnEffectiveAt, now),
          ne(merchants.status, 'churned'),
        ),
      );
  },
};
