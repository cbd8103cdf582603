import { STAFF_GROUP } from '@mp/domain/permissions';
import { and, eq, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../access/tenant-db.ts';
import {
  merchantMemberships,
  merchants,
  siteRoleGrants,
  staffOverrides,
  userGroups,
  users,
} from '../../db/schema/index.ts';
import type { MerchantViewSource } from '../merchants/service.ts';

interface SearchRow {
  id: string;
  legal_entity_name: string;
  entity_type: string;
  country: string;
  currency: string;
  time_zone: string;
  status: string;
  kyc_onboarding_status: string;
  stripe_customer_id: string | null;
  blocked: boolean;
}

export type OverrideRow = typeof staffOverrides.$inferSelect;

/**
 * All SQL of the staff powers. Everything but `search` and `dueChurns` runs in the merchant's RLS transaction;
 * `search` runs as app_user through a security-definer function, `dueChurns` is the system sweep's.
 */
export const staffRepository = {
  /**
   * Cross-merchant, yet as app_user: the security-definer function `app_staff_search_merchants` (migration
   * 0006) returns only the columns a search result shows. Called in `TenantDb.withoutMerchant`.
   */
  async search(tx: Tx, name: string, limit: number): Promise<MerchantViewSource[]> {
    const pattern = `%${name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const result = await tx.execute(sql`select * from app_staff_search_merchants(${pattern}, ${limit})`);
    return (result as unknown as { rows: SearchRow[] }).rows.map((row) => ({
      id: row.id,
      legalEntityName: row.legal_entity_name,
      entityType: row.entity_type,
      country: row.country,
      currency: row.currency,
      timeZone: row.time_zone,
      status: row.status,
      kycOnboardingStatus: row.kyc_onboarding_status,
      stripeCustomerId: row.stripe_customer_id,
      blocked: row.blocked,
    }));
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

  async userByEmail(tx: Tx, email: string) {
    const [row] = await tx
      .select({
        id: users.id,
        email: users.email,
        staff: sql<boolean>`exists (select 1 from ${userGroups} where ${userGroups.userId} = ${users.id} and ${userGroups.groupName} = ${STAFF_GROUP})`,
      })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1);
    return row;
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
