import { ROLES } from '@mp/domain/permissions';
import { userInviteSchema, userUpdateSchema } from '@mp/domain/schemas/users';
import { z } from 'zod';

/** The merchant in the path; any string, so that a malformed id answers 404 like an unknown one. */
export const merchantPathSchema = z.object({ id: z.string().describe('The merchant id') });
export const userPathSchema = z.object({
  id: z.string().describe('The merchant id'),
  userId: z.string().describe("The user's id (uuid)"),
});

export const MEMBER_STATUSES = ['pending', 'active', 'disabled'] as const;

export const merchantUserSchema = z
  .object({
    userId: z.uuid(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    companyRoles: z.array(z.enum(ROLES)),
    siteRoles: z.array(
      z.object({
        siteId: z.string().describe('A site id, or `*` for every site'),
        roles: z.array(z.enum(ROLES)),
      }),
    ),
    status: z
      .enum(MEMBER_STATUSES)
      .describe('pending: has not yet replaced the temporary password; disabled: cannot sign in'),
    invitedAt: z.string().nullable(),
    createdAt: z.string(),
    canEditAccount: z
      .boolean()
      .describe(
        "Whether this merchant's admins may rename the account and reset its password: only when every membership of the account is in this merchant and it is not a staff account",
      ),
    accountLockedReason: z
      .enum(['shared', 'staff'])
      .nullable()
      .describe('Why not: `shared` (the account belongs to other companies too), `staff`; null when allowed'),
    twoFactor: z.boolean().describe('Issue 15: the user has a second factor (authenticator app or passkey)'),
  })
  .meta({ id: 'MerchantUser' });

export const invitationPathSchema = z.object({
  id: z.string().describe('The merchant id'),
  invitationId: z.string().describe("The invitation's id (uuid)"),
});
export const ownInvitationPathSchema = z.object({
  invitationId: z.string().describe("The invitation's id (uuid)"),
});

const grantsShape = {
  companyRoles: z.array(z.enum(ROLES)),
  siteRoles: z.array(
    z.object({
      siteId: z.string().describe('A site id, or `*` for every site'),
      roles: z.array(z.enum(ROLES)),
    }),
  ),
};

export const INVITATION_STATES = ['pending', 'expired', 'accepted', 'declined', 'revoked'] as const;

/** What a merchant's admins see of an invitation (the users list). */
export const merchantInvitationSchema = z
  .object({
    invitationId: z.uuid(),
    email: z.string().describe('The address invited'),
    ...grantsShape,
    state: z
      .enum(INVITATION_STATES)
      .describe('pending: waiting for the invitee; expired: not accepted within 7 days; declined; revoked'),
    invitedBy: z.string().nullable().describe("The inviter's e-mail"),
    createdAt: z.string(),
    expiresAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'MerchantInvitation' });

/** What the invitee sees of an invitation addressed to them (their inbox). */
export const ownInvitationSchema = z
  .object({
    invitationId: z.uuid(),
    merchantId: z.uuid(),
    merchantName: z.string(),
    ...grantsShape,
    invitedBy: z.string().nullable().describe("The inviter's e-mail"),
    createdAt: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'OwnInvitation' });

export const inviteResultSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('member').describe('A new address: the account was created and joined the company'),
      user: merchantUserSchema,
    }),
    z.object({
      kind: z
        .literal('invitation')
        .describe('An existing account: it joins only when its owner accepts the invitation'),
      invitation: merchantInvitationSchema,
    }),
  ])
  .meta({ id: 'InviteResult' });

export const inviteUserBodySchema = userInviteSchema.meta({ id: 'UserInvite' });
export const updateUserBodySchema = userUpdateSchema.meta({ id: 'UserUpdate' });

export const userResponseSchema = z.object({ data: merchantUserSchema });
export const usersResponseSchema = z.object({ data: z.array(merchantUserSchema) });
export const inviteResponseSchema = z.object({ data: inviteResultSchema });
export const merchantInvitationsResponseSchema = z.object({ data: z.array(merchantInvitationSchema) });
export const ownInvitationsResponseSchema = z.object({ data: z.array(ownInvitationSchema) });
export const acceptedInvitationResponseSchema = z.object({
  data: z.object({ merchantId: z.uuid(), merchantName: z.string() }),
});
