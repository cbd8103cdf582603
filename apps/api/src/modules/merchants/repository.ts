import type { Role } from '@mp/domain/permissions';
import { asc, eq, sql } from 'drizzle-orm';
import { siteRolesOfMembership } from '../../access/memberships-repository.ts';
import { preparedStatement, type Tx } from '../../access/tenant-db.ts';
import { merchantMemberships, merchants } from '../../db/schema/index.ts';

export type MerchantRow = typeof merchants.$inferSelect;

/** A user's roles at one merchant, as stored (see @mp/domain/permissions RoleGrants). */
export interface MembershipGrants {
  merchantId: string;
  companyRoles: Role[];
  siteRoles: { siteId: string; roles: Role[] }[];
}

/** The columns GET /api/merchants shows (`toMerchantView`): not the whole row (26 columns, a third of them dates). */
const VIEW_COLUMNS = {
  id: merchants.id,
  legalEntityName: merchants.legalEntityName,
  entityType: merchants.entityType,
  status: merchants.status,
  blocked: merchants.blocked,
  kycOnboardingStatus: merchants.kycOnboardingStatus,
  country: merchants.country,
  currency: merchants.currency,
  timeZone: merchants.timeZone,
  stripeCustomerId: merchants.stripeCustomerId,
  requireTwoFactor: merchants.requireTwoFactor,
};
export type MemberMerchant = { [K in keyof typeof VIEW_COLUMNS]: MerchantRow[K] };

const merchantsOfMember = preparedStatement('merchants_of_member', (tx) =>
  tx
    .select({
      merchant: VIEW_COLUMNS,
      companyRoles: sql<Role[]>`${merchantMemberships.companyRoles}`,
      siteRoles: siteRolesOfMembership,
    })
    .from(merchantMemberships)
    .innerJoin(merchants, eq(merchants.id, merchantMemberships.merchantId))
    .where(eq(merchantMemberships.userId, sql.placeholder('userId')))
    .orderBy(sql`lower(${merchants.legalEntityName})`, asc(merchants.id)),
);

/**
 * SQL about a user's own merchants. Runs inside `TenantDb.forUser`: row-level security (policy `member_self`)
 * lets it see only that user's memberships, grants and merchants, so the filters below are belt and braces.
 */
export const merchantRepository = {
  /**
   * The merchants `userId` is a member of, sorted by legal entity name (SPEC §4), each with the roles the user
   * holds there: one prepared statement.
   */
  async findForMember(
    tx: Tx,
    userId: string,
  ): Promise<{ merchant: MemberMerchant; grants: MembershipGrants }[]> {
    const rows = await merchantsOfMember(tx, { userId });
    return rows.map(({ merchant, companyRoles, siteRoles }) => ({
      merchant,
      grants: { merchantId: merchant.id, companyRoles, siteRoles },
    }));
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
