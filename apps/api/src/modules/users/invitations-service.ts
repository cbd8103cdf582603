import { ALL_SITES, permissionsFromRoles, type RoleGrants, STAFF_GROUP } from '@mp/domain/permissions';
import { staffAccountConflict } from '../../access/account-rules.ts';
import { recordAudit } from '../../access/audit-writer.ts';
import { grantBeyondActor, mayInvite } from '../../access/grant-ceiling.ts';
import type { MerchantAccessContext } from '../../access/route-access.ts';
import { isUuid, type TenantDb, type Tx } from '../../access/tenant-db.ts';
import type { Mailer } from '../../adapters/mail/mail-port.ts';
import type { Clock } from '../../clock.ts';
import { membershipInvitationEmail } from '../../identity/emails.ts';
import { IDENTITY_POLICY } from '../../identity/service.ts';
import type { Actor } from '../../plugins/auth.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { type InvitationRow, invitationsRepository as invitations } from './invitations-repository.ts';
import { usersRepository as users } from './repository.ts';
import type { INVITATION_STATES } from './schemas.ts';

export const INVITATION_MESSAGES = {
  pending: 'This person already has a pending invitation to this company.',
  expired: 'This invitation has expired. Ask the company to invite you again.',
  closed: 'This invitation is no longer open.',
  staff: 'Staff accounts of the provider cannot be invited into a company or managed by one.',
  alreadyMember: 'This user is already a member of this company.',
} as const;

const invitationNotFound = () => notFound('Invitation not found');

/** The state a merchant's admins see: a pending invitation past its expiry reads `expired`. */
export function invitationState(
  row: Pick<InvitationRow, 'status' | 'expiresAt'>,
  now: Date,
): (typeof INVITATION_STATES)[number] {
  if (row.status === 'pending') return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
  return row.status as Exclude<(typeof INVITATION_STATES)[number], 'pending'>;
}

export function toMerchantInvitation(row: InvitationRow, now: Date) {
  return {
    invitationId: row.id,
    email: row.email,
    companyRoles: row.companyRoles,
    siteRoles: row.siteRoles,
    state: invitationState(row, now),
    invitedBy: row.invitedByEmail,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** Closes one invitation as `revoked`, with its `invitation.revoke` audit entry, in the caller's transaction. */
async function revoke(
  tx: Tx,
  access: MerchantAccessContext,
  clock: Clock,
  invitation: InvitationRow,
  now: Date,
) {
  await invitations.decide(tx, access.merchantId, invitation.id, 'revoked', now);
  await recordAudit(tx, access, clock, {
    action: 'invitation.revoke',
    entityType: 'invitation',
    entityId: invitation.id,
    before: toMerchantInvitation(invitation, now),
  });
}

/**
 * Decision 0132: closes, as `revoked` and each with its `invitation.revoke` audit entry in the caller's
 * transaction, the merchant's live pending invitations made by `invitedBy` (every one when omitted) that `keep`
 * does not keep. Called where an inviter leaves the merchant (removal, transfer) or is narrowed (a role change).
 */
export async function closeInvitations(
  tx: Tx,
  access: MerchantAccessContext,
  clock: Clock,
  options: { invitedBy?: string; keep?: (invitation: InvitationRow) => boolean } = {},
): Promise<void> {
  const now = clock.now();
  for (const invitation of await invitations.livePending(tx, access.merchantId, now, options.invitedBy)) {
    if (options.keep?.(invitation)) continue;
    await revoke(tx, access, clock, invitation, now);
  }
}

/**
 * Decision 0132: which of the merchant's invitations could still be accepted, as far as their inviters go: those
 * whose inviter is a staff account (staff powers do not come from a membership), or a member of the merchant who
 * may invite with these roles (`mayInvite`). An inviter whose account is gone (`invited_by` set null) may not.
 * The one rule for accepting and for listing (the merchant's list, the invitee's inbox); inside the merchant's
 * transaction, one look-up per distinct inviter.
 */
async function invitersStillMay(
  tx: Tx,
  merchantId: string,
  rows: readonly InvitationRow[],
): Promise<(invitation: InvitationRow) => boolean> {
  const authority = new Map<string, Parameters<typeof mayInvite>[0] | null>();
  for (const inviterId of new Set(rows.map((row) => row.invitedBy))) {
    if (!inviterId) continue;
    if (await users.isStaff(tx, inviterId, STAFF_GROUP)) {
      authority.set(inviterId, {
        isStaff: true,
        permissions: permissionsFromRoles({ companyRoles: [], siteRoles: [] }),
      });
      continue;
    }
    const [member] = await users.members(tx, merchantId, inviterId);
    authority.set(inviterId, member ? { isStaff: false, permissions: permissionsFromRoles(member) } : null);
  }
  return (invitation) => {
    const inviter = invitation.invitedBy ? authority.get(invitation.invitedBy) : null;
    return inviter != null && mayInvite(inviter, invitation);
  };
}

/** Who acted and from where, for audit entries written outside a merchant route (accept, decline). */
export interface RequestOrigin {
  ip: string;
  requestId: string;
  userAgent: string | null;
}

/**
 * Issue 8 §1, DESIGN §4 "Accounts and memberships": an existing account joins a merchant only when its owner
 * accepts an invitation. The merchant's admins create and revoke invitations (merchant routes, access checked
 * before); the invitee, and only the invitee, lists, accepts and declines their own (signed-in routes: the
 * invitation is found through policy `invitee_self`, so another user's invitation id is a 404).
 */
export function createInvitationsService(deps: {
  tenantDb: TenantDb;
  clock: Clock;
  mailer: Mailer;
  portalUrl: string;
  log: { error(obj: object, msg: string): void };
}) {
  const { tenantDb, clock } = deps;

  /** Opens the merchant's transaction for an invitation of the actor; 404 when it is not theirs. */
  async function ownInvitation<T>(
    actor: Actor,
    invitationId: string,
    fn: (tx: Tx, invitation: InvitationRow, merchantId: string) => Promise<T>,
  ): Promise<T> {
    if (!isUuid(invitationId)) throw invitationNotFound();
    const merchantId = await tenantDb.forUser(actor.userId, (tx) =>
      invitations.merchantOfOwn(tx, actor.userId, invitationId),
    );
    if (!merchantId) throw invitationNotFound();
    return tenantDb.forMerchant(merchantId, async (tx) => {
      const invitation = await invitations.byId(tx, merchantId, invitationId, true);
      // Belt and braces: the row was found through the invitee's own policy a moment ago.
      if (!invitation || invitation.inviteeUserId !== actor.userId) throw invitationNotFound();
      if (invitation.status !== 'pending')
        throw new AppError(409, 'INVITATION_CLOSED', INVITATION_MESSAGES.closed);
      if (invitation.expiresAt.getTime() <= clock.now().getTime())
        throw new AppError(409, 'INVITATION_EXPIRED', INVITATION_MESSAGES.expired);
      return fn(tx, invitation, merchantId);
    });
  }

  function inviteeContext(actor: Actor, merchantId: string, origin: RequestOrigin) {
    return { merchantId, actor, isStaff: actor.isStaff, override: null, ...origin };
  }

  return {
    /**
     * Invites an existing account (inside the invite's transaction, after the grants and sites were checked):
     * a pending invitation carrying the roles, never a membership. A lapsed pending invitation is marked
     * expired and replaced; a live one is a 409.
     */
    async create(
      tx: Tx,
      access: MerchantAccessContext,
      invitee: { id: string; email: string },
      grants: RoleGrants,
    ): Promise<InvitationRow> {
      const now = clock.now();
      if (await users.isStaff(tx, invitee.id, STAFF_GROUP)) throw staffAccountConflict();
      if ((await users.members(tx, access.merchantId, invitee.id)).length > 0)
        throw new AppError(409, 'USER_ALREADY_MEMBER', INVITATION_MESSAGES.alreadyMember);
      const pending = await invitations.pendingFor(tx, access.merchantId, invitee.id);
      const live = pending !== undefined && invitationState(pending, now) === 'pending';
      // Decision 0132: a live one whose inviter may no longer grant it is closed, as a removal closes it, and
      // replaced (it is in neither list and could not be accepted).
      const closable = live && !(await invitersStillMay(tx, access.merchantId, [pending]))(pending);
      if (live && !closable) throw new AppError(409, 'INVITATION_PENDING', INVITATION_MESSAGES.pending);
      if (pending && closable) {
        await revoke(tx, access, clock, pending, now);
      } else if (pending) await invitations.decide(tx, access.merchantId, pending.id, 'expired', now);
      const id = await invitations.insert(tx, {
        merchantId: access.merchantId,
        inviteeUserId: invitee.id,
        email: invitee.email,
        companyRoles: grants.companyRoles,
        siteRoles: grants.siteRoles,
        invitedBy: access.actor.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + IDENTITY_POLICY.temporaryPasswordTtlMs),
      });
      // A concurrent invite of the same account made its pending invitation first.
      if (!id) throw new AppError(409, 'INVITATION_PENDING', INVITATION_MESSAGES.pending);
      await recordAudit(tx, access, clock, {
        action: 'invitation.create',
        entityType: 'invitation',
        entityId: id,
        after: { email: invitee.email, userId: invitee.id, ...grants },
      });
      return (await invitations.byId(tx, access.merchantId, id)) as InvitationRow;
    },

    /** The e-mail to the invitee, in their language; after the commit, and a failure only logged. */
    async notify(
      access: MerchantAccessContext,
      invitee: { email: string; firstName: string | null; locale: string },
      invitation: InvitationRow,
    ): Promise<void> {
      try {
        await deps.mailer.send(
          membershipInvitationEmail(invitee.email, invitee.locale, {
            name: invitee.firstName,
            companyName: access.merchant.legalEntityName,
            inviterEmail: access.actor.email,
            expiresAt: invitation.expiresAt,
            invitationsUrl: new URL('/invitations', deps.portalUrl).toString(),
          }),
        );
      } catch (error) {
        // The invitation stands and shows in the invitee's portal; revoking and inviting again re-sends it.
        deps.log.error({ err: error }, 'users: sending the invitation e-mail failed');
      }
    },

    async listForMerchant(access: MerchantAccessContext) {
      const now = clock.now();
      const rows = await tenantDb.forMerchant(access.merchantId, async (tx) => {
        const latest = await invitations.latestPerInvitee(tx, access.merchantId);
        // Decision 0132: a pending invitation whose inviter may no longer grant it is closed (as if revoked).
        const pending = latest.filter((row) => invitationState(row, now) === 'pending');
        const open = await invitersStillMay(tx, access.merchantId, pending);
        return latest.filter((row) => invitationState(row, now) !== 'pending' || open(row));
      });
      // Accepted ones are members now and revoked ones were withdrawn: the list shows what is still open.
      return rows
        .map((row) => toMerchantInvitation(row, now))
        .filter((row) => row.state !== 'accepted' && row.state !== 'revoked');
    },

    /** The inviting merchant's admins withdraw a pending (or lapsed) invitation. */
    async revoke(access: MerchantAccessContext, invitationId: string): Promise<void> {
      if (!isUuid(invitationId)) throw invitationNotFound();
      await tenantDb.forMerchant(access.merchantId, async (tx) => {
        const invitation = await invitations.byId(tx, access.merchantId, invitationId, true);
        if (!invitation) throw invitationNotFound();
        // As for members: nobody withdraws an invitation granting more than they hold.
        if (grantBeyondActor(access, invitation))
          throw new AppError(400, 'GRANT_EXCEEDS_OWN', 'You cannot grant roles or sites beyond your own');
        if (invitation.status !== 'pending')
          throw new AppError(409, 'INVITATION_CLOSED', INVITATION_MESSAGES.closed);
        await revoke(tx, access, clock, invitation, clock.now());
      });
    },

    /** The signed-in user's open invitations, across merchants. */
    async inbox(actor: Actor) {
      const now = clock.now();
      const own = await tenantDb.forUser(actor.userId, (tx) => invitations.inbox(tx, actor.userId, now));
      // Decision 0132: only those whose inviter may still grant them. Who holds what in a merchant is read in that
      // merchant's transaction (the invitee may not read it under their own policy), one per inviting merchant,
      // for merchants found through the invitee's own invitations; only the yes or no leaves it.
      const open = new Set<string>();
      for (const merchantId of new Set(own.map((row) => row.merchantId))) {
        const ofMerchant = own.filter((row) => row.merchantId === merchantId);
        const stillMay = await tenantDb.forMerchant(merchantId, (tx) =>
          invitersStillMay(tx, merchantId, ofMerchant),
        );
        for (const row of ofMerchant) if (stillMay(row)) open.add(row.id);
      }
      const rows = own.filter((row) => open.has(row.id));
      return rows.map((row) => ({
        invitationId: row.id,
        merchantId: row.merchantId,
        merchantName: row.merchantName,
        companyRoles: row.companyRoles,
        siteRoles: row.siteRoles,
        invitedBy: row.invitedByEmail,
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
      }));
    },

    /**
     * The invitee accepts: the membership is created with the roles the invitation carried (grants on sites
     * deleted since are dropped), in the same transaction as the invitation's new state and the audit entry.
     * Only while its inviter may still grant them (decision 0132): else 409 INVITATION_CLOSED, nothing written.
     */
    async accept(actor: Actor, invitationId: string, origin: RequestOrigin) {
      if (actor.isStaff) throw staffAccountConflict();
      return ownInvitation(actor, invitationId, async (tx, invitation, merchantId) => {
        // Decision 0132: the inviter's authority is checked again now; lost since, the invitation is closed.
        if (!(await invitersStillMay(tx, merchantId, [invitation]))(invitation))
          throw new AppError(409, 'INVITATION_CLOSED', INVITATION_MESSAGES.closed);
        const now = clock.now();
        const context = inviteeContext(actor, merchantId, origin);
        const isMember = (await users.members(tx, merchantId, actor.userId)).length > 0;
        if (!isMember) {
          const wanted = invitation.siteRoles.map((g) => g.siteId).filter((id) => id !== ALL_SITES);
          const known = await users.existingSiteIds(tx, merchantId, wanted.filter(isUuid));
          const grants = {
            companyRoles: invitation.companyRoles,
            siteRoles: invitation.siteRoles.filter((g) => g.siteId === ALL_SITES || known.has(g.siteId)),
          };
          await users.insertMembership(tx, {
            merchantId,
            userId: actor.userId,
            companyRoles: grants.companyRoles,
            invitedBy: invitation.invitedBy,
            invitedAt: invitation.createdAt,
            now,
          });
          await users.setRoles(tx, merchantId, actor.userId, grants, now);
        }
        await invitations.decide(tx, merchantId, invitation.id, 'accepted', now);
        await recordAudit(tx, context, clock, {
          action: 'invitation.accept',
          entityType: 'invitation',
          entityId: invitation.id,
          after: { userId: actor.userId, alreadyMember: isMember },
        });
        return { merchantId, merchantName: await invitations.merchantName(tx, merchantId) };
      });
    },

    async decline(actor: Actor, invitationId: string, origin: RequestOrigin): Promise<void> {
      await ownInvitation(actor, invitationId, async (tx, invitation, merchantId) => {
        await invitations.decide(tx, merchantId, invitation.id, 'declined', clock.now());
        await recordAudit(tx, inviteeContext(actor, merchantId, origin), clock, {
          action: 'invitation.decline',
          entityType: 'invitation',
          entityId: invitation.id,
          after: { userId: actor.userId },
        });
      });
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
