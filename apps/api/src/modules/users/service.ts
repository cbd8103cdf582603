import {
  ALL_SITES,
  MERCHANT_GROUP,
  permissionsFromRoles,
  type Role,
  type RoleGrants,
  STAFF_GROUP,
} from '@mp/domain/permissions';
import type { UserInvite, UserUpdate } from '@mp/domain/schemas/users';
import { staffAccountConflict } from '../../access/account-rules.ts';
import { recordAudit } from '../../access/audit-writer.ts';
import { grantBeyondActor, mayInvite } from '../../access/grant-ceiling.ts';
import { membershipsRepository } from '../../access/memberships-repository.ts';
import type { MerchantAccessContext } from '../../access/route-access.ts';
import { isUuid, type TenantDb, type Tx } from '../../access/tenant-db.ts';
import type { Mailer } from '../../adapters/mail/mail-port.ts';
import type { Clock } from '../../clock.ts';
import { invitationEmail } from '../../identity/emails.ts';
import { hashPassword } from '../../identity/passwords.ts';
import { generateTemporaryPassword } from '../../identity/secrets.ts';
import { IDENTITY_POLICY } from '../../identity/service.ts';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import { closeInvitations, type InvitationsService, toMerchantInvitation } from './invitations-service.ts';
import { type MemberRow, usersRepository as repo } from './repository.ts';

export const LAST_OWNER_MESSAGE =
  'A company must keep at least one company owner. Make another user a company owner first.';
/** Issue 8 §1: names and passwords belong to the account; a merchant touches only accounts wholly its own. */
export const ACCOUNT_SHARED_MESSAGE =
  'This account also belongs to another company, so only its owner can change their name or password. You can still change their roles in this company or remove them from it.';

const userNotFound = () => notFound('User not found');

/** `list`'s one statement, under the merchant's context (the route declares it as its access check's `read`). */
export const listRead = (merchantId: string) => (tx: Tx) => repo.members(tx, merchantId);

export function toMerchantUser(row: MemberRow) {
  return {
    userId: row.userId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    companyRoles: row.companyRoles,
    siteRoles: row.siteRoles,
    status: !row.enabled
      ? ('disabled' as const)
      : row.status === 'force_change_password'
        ? ('pending' as const)
        : ('active' as const),
    invitedAt: row.invitedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    canEditAccount: accountLockedReason(row) === null,
    accountLockedReason: accountLockedReason(row),
    twoFactor: row.twoFactor,
  };
}

/** Why this merchant may not rename the account or reset its password (DESIGN §4), or null when it may. */
function accountLockedReason(row: Pick<MemberRow, 'shared' | 'staff'>): 'staff' | 'shared' | null {
  if (row.staff) return 'staff';
  return row.shared ? 'shared' : null;
}

function assertAccountEditable(row: MemberRow): void {
  const reason = accountLockedReason(row);
  if (reason === 'staff') throw staffAccountConflict();
  if (reason === 'shared') throw new AppError(409, 'ACCOUNT_SHARED', ACCOUNT_SHARED_MESSAGE);
}

/** One grant per site, roles de-duplicated; a CompanyOwner holds every site, so site grants are dropped. */
function normaliseGrants(input: {
  companyRoles: readonly Role[];
  siteRoles: readonly { siteId: string; roles: readonly Role[] }[];
}): RoleGrants {
  const companyRoles = [...new Set(input.companyRoles)];
  if (companyRoles.includes('CompanyOwner')) return { companyRoles, siteRoles: [] };
  const bySite = new Map<string, Set<Role>>();
  for (const grant of input.siteRoles) {
    const roles = bySite.get(grant.siteId) ?? new Set<Role>();
    for (const role of grant.roles) roles.add(role);
    bySite.set(grant.siteId, roles);
  }
  return { companyRoles, siteRoles: [...bySite].map(([siteId, roles]) => ({ siteId, roles: [...roles] })) };
}

const cannotGrant = (field: string) =>
  new AppError(400, 'GRANT_EXCEEDS_OWN', 'You cannot grant roles or sites beyond your own', [
    { field, rule: 'validation.roleInvalid', message: 'Please select a valid role' },
  ]);

export function createUsersService(deps: {
  tenantDb: TenantDb;
  clock: Clock;
  mailer: Mailer;
  portalUrl: string;
  log: { error(obj: object, msg: string): void };
  invitations: InvitationsService;
}) {
  const { tenantDb, clock } = deps;

  /** Sites named in the grants must be the merchant's own (or `*`); 400 naming the first unknown one. */
  async function assertSitesExist(
    tx: Tx,
    merchantId: string,
    grants: RoleGrants,
    input: { siteRoles: readonly { siteId: string }[] },
  ) {
    const wanted = grants.siteRoles.map((g) => g.siteId).filter((id) => id !== ALL_SITES);
    const known = await repo.existingSiteIds(tx, merchantId, wanted.filter(isUuid));
    const index = input.siteRoles.findIndex((g) => g.siteId !== ALL_SITES && !known.has(g.siteId));
    if (index >= 0) {
      throw badRequest('The request is not valid', [
        { field: `siteRoles.${index}.siteId`, rule: 'validation.invalid', message: 'Invalid value' },
      ]);
    }
  }

  /** The target member, 404 when absent; staff accounts are not managed through a merchant. */
  async function targetMember(tx: Tx, access: MerchantAccessContext, userId: string): Promise<MemberRow> {
    if (!isUuid(userId)) throw userNotFound();
    const [member] = await repo.members(tx, access.merchantId, userId);
    if (!member) throw userNotFound();
    if (!access.isStaff && (await repo.isStaff(tx, userId, STAFF_GROUP))) throw userNotFound();
    // Changing someone needs at least what they hold: a site manager cannot touch an owner.
    const field = grantBeyondActor(access, member);
    if (field) throw cannotGrant(field);
    return member;
  }

  return {
    /**
     * The merchant's users; `read` is `listRead`'s answer when the route sent it with the access check
     * (src/access `RouteAccess.read`), else the statement runs now.
     */
    async list(access: MerchantAccessContext, read?: () => Promise<MemberRow[]>) {
      const rows = read
        ? await read()
        : await tenantDb.readForMerchant(access.merchantId, listRead(access.merchantId));
      return rows.map(toMerchantUser);
    },

    async get(access: MerchantAccessContext, userId: string) {
      if (!isUuid(userId)) throw userNotFound();
      const [row] = await tenantDb.readForMerchant(access.merchantId, (tx) =>
        repo.members(tx, access.merchantId, userId),
      );
      if (!row) throw userNotFound();
      return toMerchantUser(row);
    },

    /**
     * SPEC §7 invite, issue 8 §1. A new address gets an account with a temporary password by e-mail (SPEC §9:
     * 7 days) and the membership at once: the account, its group, the membership, the site grants and the audit
     * entry commit together (docs/decisions/0031), so a failure leaves no account behind. An address that
     * already has an account gets a pending invitation instead: its owner accepts or declines it (DESIGN §4).
     * E-mails go out only after the commit.
     */
    async invite(access: MerchantAccessContext, input: UserInvite) {
      const grants = normaliseGrants(input);
      const field = grantBeyondActor(access, grants);
      if (field) throw cannotGrant(field);
      const email = input.email.trim().toLowerCase();
      // Hashing is slow: done before the transaction, and only when the address has no account yet.
      const known = await tenantDb.forMerchant(access.merchantId, (tx) => repo.userByEmail(tx, email));
      const temporaryPassword = known ? null : generateTemporaryPassword();
      const passwordHash = temporaryPassword ? await hashPassword(temporaryPassword) : null;
      const result = await tenantDb.forMerchant(access.merchantId, async (tx) => {
        await assertSitesExist(tx, access.merchantId, grants, input);
        const now = clock.now();
        const account = await repo.userByEmail(tx, email);
        if (account) {
          const invitation = await deps.invitations.create(tx, access, account, grants);
          return { kind: 'invitation' as const, invitation, account };
        }
        // The account appeared between the two reads (no temporary password prepared): invite again.
        if (!passwordHash)
          throw new AppError(409, 'CONFLICT', 'The account changed meanwhile; please try again.');
        const userId = await repo.insertInvitedUser(tx, {
          email,
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash,
          temporaryPasswordExpiresAt: new Date(now.getTime() + IDENTITY_POLICY.temporaryPasswordTtlMs),
          groups: [MERCHANT_GROUP],
          now,
        });
        // Null when a concurrent request created the account first.
        if (!userId) throw new AppError(409, 'CONFLICT', 'The account changed meanwhile; please try again.');
        await repo.insertMembership(tx, {
          merchantId: access.merchantId,
          userId,
          companyRoles: grants.companyRoles,
          invitedBy: access.actor.userId,
          invitedAt: now,
          now,
        });
        await repo.setRoles(tx, access.merchantId, userId, grants, now);
        const [member] = await repo.members(tx, access.merchantId, userId);
        await recordAudit(tx, access, clock, {
          action: 'user.invite',
          entityType: 'user',
          entityId: userId,
          after: { email, ...grants, newAccount: true },
        });
        return { kind: 'member' as const, member: member as MemberRow };
      });
      if (result.kind === 'invitation') {
        await deps.invitations.notify(access, result.account, result.invitation);
        return {
          kind: 'invitation' as const,
          invitation: toMerchantInvitation(result.invitation, clock.now()),
        };
      }
      if (temporaryPassword) {
        try {
          await deps.mailer.send(
            invitationEmail(
              result.member.email,
              result.member.locale,
              input.firstName,
              temporaryPassword,
              new URL('/signin', deps.portalUrl).toString(),
            ),
          );
        } catch (error) {
          // The account stands; a reset password (POST …/reset-password) sends a new temporary password.
          deps.log.error({ err: error }, 'users: sending the invitation failed');
        }
      }
      return { kind: 'member' as const, user: toMerchantUser(result.member) };
    },

    /**
     * Roles, and names when given; the last company owner cannot be demoted (409). Names belong to the account:
     * changed only when every membership of it is here (else 409 ACCOUNT_SHARED, nothing written).
     */
    async update(access: MerchantAccessContext, userId: string, input: UserUpdate) {
      const grants = normaliseGrants(input);
      const field = grantBeyondActor(access, grants);
      if (field) throw cannotGrant(field);
      const row = await tenantDb.forMerchant(access.merchantId, async (tx) => {
        const owners = await membershipsRepository.lockOwners(tx, access.merchantId);
        const before = await targetMember(tx, access, userId);
        await assertSitesExist(tx, access.merchantId, grants, input);
        const demotesLastOwner =
          before.companyRoles.includes('CompanyOwner') &&
          !grants.companyRoles.includes('CompanyOwner') &&
          owners.length <= 1;
        if (demotesLastOwner) throw new AppError(409, 'LAST_COMPANY_OWNER', LAST_OWNER_MESSAGE);
        const renames =
          (input.firstName !== undefined && input.firstName !== before.firstName) ||
          (input.lastName !== undefined && input.lastName !== before.lastName);
        if (renames) assertAccountEditable(before);
        const now = clock.now();
        if (renames)
          await repo.setNames(
            tx,
            before.userId,
            {
              firstName: input.firstName ?? before.firstName ?? '',
              lastName: input.lastName ?? before.lastName ?? '',
            },
            now,
          );
        await repo.setRoles(tx, access.merchantId, before.userId, grants, now);
        // Decision 0132: what the narrowed member may no longer grant, their open invitations no longer offer.
        if (!before.staff) {
          const narrowed = { isStaff: false, permissions: permissionsFromRoles(grants) };
          await closeInvitations(tx, access, clock, {
            invitedBy: before.userId,
            keep: (invitation) => mayInvite(narrowed, invitation),
          });
        }
        const [after] = await repo.members(tx, access.merchantId, before.userId);
        await recordAudit(tx, access, clock, {
          action: 'user.update',
          entityType: 'user',
          entityId: before.userId,
          before: toMerchantUser(before),
          after: toMerchantUser(after as MemberRow),
        });
        return after as MemberRow;
      });
      return toMerchantUser(row);
    },

    /**
     * A new temporary password by e-mail; every session of the account ends. Only for an account whose every
     * membership is here (else 409 ACCOUNT_SHARED): another company's user must not be locked out by this one.
     */
    async resetPassword(access: MerchantAccessContext, userId: string): Promise<void> {
      const temporaryPassword = generateTemporaryPassword();
      const passwordHash = await hashPassword(temporaryPassword);
      const member = await tenantDb.forMerchant(access.merchantId, async (tx) => {
        const target = await targetMember(tx, access, userId);
        assertAccountEditable(target);
        const now = clock.now();
        await repo.setTemporaryPassword(tx, target.userId, {
          passwordHash,
          expiresAt: new Date(now.getTime() + IDENTITY_POLICY.temporaryPasswordTtlMs),
          now,
        });
        await repo.revokeSessions(tx, target.userId, now);
        await recordAudit(tx, access, clock, {
          action: 'user.reset-password',
          entityType: 'user',
          entityId: target.userId,
        });
        return target;
      });
      try {
        await deps.mailer.send(
          invitationEmail(
            member.email,
            member.locale,
            member.firstName ?? '',
            temporaryPassword,
            new URL('/signin', deps.portalUrl).toString(),
          ),
        );
      } catch (error) {
        deps.log.error({ err: error }, 'users: sending the temporary password failed');
      }
    },

    /**
     * Removes the membership: the user's tokens stop opening this merchant at once (every request checks the
     * membership), while their account and sessions stay theirs for their other companies (issue 8 §1). The
     * last company owner stays (409). The invitations they made and that are still open close with it (0132).
     */
    async remove(access: MerchantAccessContext, userId: string): Promise<void> {
      await tenantDb.forMerchant(access.merchantId, async (tx) => {
        const owners = await membershipsRepository.lockOwners(tx, access.merchantId);
        const target = await targetMember(tx, access, userId);
        if (target.companyRoles.includes('CompanyOwner') && owners.length <= 1) {
          throw new AppError(409, 'LAST_COMPANY_OWNER', LAST_OWNER_MESSAGE);
        }
        await membershipsRepository.deleteMembership(tx, access.merchantId, target.userId);
        // Decision 0132: a member's open invitations leave with them (a staff account's rest on staff powers).
        if (!target.staff) await closeInvitations(tx, access, clock, { invitedBy: target.userId });
        await recordAudit(tx, access, clock, {
          action: 'user.remove',
          entityType: 'user',
          entityId: target.userId,
          before: toMerchantUser(target),
        });
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
