import { type Role, STAFF_GROUP } from '@mp/domain/permissions';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { siteRolesOfMembership } from '../../access/memberships-repository.ts';
import { preparedStatement, type Tx } from '../../access/tenant-db.ts';
import {
  merchantMemberships,
  refreshTokens,
  siteRoleGrants,
  sites,
  userGroups,
  users,
} from '../../db/schema/index.ts';

export interface MemberRow {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  status: string;
  enabled: boolean;
  locale: string;
  companyRoles: Role[];
  siteRoles: { siteId: string; roles: Role[] }[];
  invitedAt: Date | null;
  createdAt: Date;
  /** The account also holds a membership of another merchant (app_account_shared, migration 0019). */
  shared: boolean;
  /** The account is in the Staff group. */
  staff: boolean;
  /** Issue 15: the account has a second factor (app_user_second_factor, migration 0035). */
  twoFactor: boolean;
}

const memberColumns = {
  userId: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  status: users.status,
  enabled: users.enabled,
  locale: users.locale,
  companyRoles: sql<Role[]>`${merchantMemberships.companyRoles}`,
  siteRoles: siteRolesOfMembership,
  invitedAt: merchantMemberships.invitedAt,
  createdAt: merchantMemberships.createdAt,
  shared: sql<boolean>`app_account_shared(${users.id}, ${merchantMemberships.merchantId})`,
  staff: sql<boolean>`exists (select 1 from ${userGroups} where ${userGroups.userId} = ${users.id} and ${userGroups.groupName} = ${STAFF_GROUP})`,
  twoFactor: sql<boolean>`app_user_second_factor(${users.id})`,
};

const allMembers = preparedStatement<MemberRow[]>('users_members', (tx) =>
  tx
    .select(memberColumns)
    .from(merchantMemberships)
    .innerJoin(users, eq(users.id, merchantMemberships.userId))
    .where(eq(merchantMemberships.merchantId, sql.placeholder('merchantId')))
    .orderBy(asc(sql`lower(${users.email})`)),
);

const memberById = preparedStatement<MemberRow[]>('users_member', (tx) =>
  tx
    .select(memberColumns)
    .from(merchantMemberships)
    .innerJoin(users, eq(users.id, merchantMemberships.userId))
    .where(
      and(
        eq(merchantMemberships.merchantId, sql.placeholder('merchantId')),
        eq(merchantMemberships.userId, sql.placeholder('userId')),
      ),
    ),
);

/** All SQL of the users module; every function runs inside the merchant's RLS transaction. */
export const usersRepository = {
  /** The merchant's members (or the one asked for), sorted by email, with their site roles. */
  async members(tx: Tx, merchantId: string, userId?: string): Promise<MemberRow[]> {
    return userId ? memberById(tx, { merchantId, userId }) : allMembers(tx, { merchantId });
  },

  async userByEmail(tx: Tx, email: string) {
    const [row] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName, locale: users.locale })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1);
    return row;
  },

  async isStaff(tx: Tx, userId: string, staffGroup: string): Promise<boolean> {
    const [row] = await tx
      .select({ userId: userGroups.userId })
      .from(userGroups)
      .where(and(eq(userGroups.userId, userId), eq(userGroups.groupName, staffGroup)))
      .limit(1);
    return Boolean(row);
  },

  async existingSiteIds(tx: Tx, merchantId: string, siteIds: string[]): Promise<Set<string>> {
    if (siteIds.length === 0) return new Set();
    const rows = await tx
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.merchantId, merchantId), inArray(sites.id, siteIds), isNull(sites.deletedAt)));
    return new Set(rows.map((row) => row.id));
  },

  /**
   * An invitee's account, as identity's adminCreateUser makes it (temporary password, must change it), inside
   * the invite's transaction. Returns its id, or null when the e-mail already has an account.
   */
  async insertInvitedUser(
    tx: Tx,
    values: {
      email: string;
      firstName: string;
      lastName: string;
      passwordHash: string;
      temporaryPasswordExpiresAt: Date;
      groups: string[];
      now: Date;
    },
  ): Promise<string | null> {
    const id = crypto.randomUUID();
    const [row] = await tx
      .insert(users)
      .values({
        id,
        userId: id,
        email: values.email,
        firstName: values.firstName,
        lastName: values.lastName,
        passwordHash: values.passwordHash,
        status: 'force_change_password',
        temporaryPasswordExpiresAt: values.temporaryPasswordExpiresAt,
        locale: 'en-GB',
        createdAt: values.now,
        updatedAt: values.now,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!row) return null;
    if (values.groups.length > 0)
      await tx.insert(userGroups).values(values.groups.map((groupName) => ({ userId: id, groupName })));
    return row.id;
  },

  async insertMembership(
    tx: Tx,
    values: {
      merchantId: string;
      userId: string;
      companyRoles: Role[];
      invitedBy: string | null;
      invitedAt: Date;
      now: Date;
    },
  ): Promise<void> {
    await tx.insert(merchantMemberships).values({
      merchantId: values.merchantId,
      userId: values.userId,
      companyRoles: values.companyRoles,
      invitedBy: values.invitedBy,
      invitedAt: values.invitedAt,
      createdAt: values.now,
      updatedAt: values.now,
    });
  },

  async setRoles(
    tx: Tx,
    merchantId: string,
    userId: string,
    roles: { companyRoles: Role[]; siteRoles: { siteId: string; roles: Role[] }[] },
    now: Date,
  ): Promise<void> {
    await tx
      .update(merchantMemberships)
      .set({ companyRoles: roles.companyRoles, updatedAt: now })
      .where(and(eq(merchantMemberships.merchantId, merchantId), eq(merchantMemberships.userId, userId)));
    await tx
      .delete(siteRoleGrants)
      .where(and(eq(siteRoleGrants.merchantId, merchantId), eq(siteRoleGrants.userId, userId)));
    const rows = roles.siteRoles.flatMap((grant) =>
      grant.roles.map((role) => ({ merchantId, userId, siteId: grant.siteId, role, createdAt: now })),
    );
    if (rows.length > 0) await tx.insert(siteRoleGrants).values(rows);
  },

  async setNames(tx: Tx, userId: string, names: { firstName: string; lastName: string }, now: Date) {
    await tx
      .update(users)
      .set({ firstName: names.firstName, lastName: names.lastName, updatedAt: now })
      .where(eq(users.id, userId));
  },

  /** Ends every session of the user: their refresh-token families are revoked (access tokens die at expiry). */
  async revokeSessions(tx: Tx, userId: string, now: Date): Promise<void> {
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  },

  async setTemporaryPassword(
    tx: Tx,
    userId: string,
    values: { passwordHash: string; expiresAt: Date; now: Date },
  ): Promise<void> {
    await tx
      .update(users)
      .set({
        passwordHash: values.passwordHash,
        status: 'force_change_password',
        temporaryPasswordExpiresAt: values.expiresAt,
        updatedAt: values.now,
      })
      .where(eq(users.id, userId));
  },
};
