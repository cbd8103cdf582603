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
  })
  .meta({ id: 'MerchantUser' });

export const inviteUserBodySchema = userInviteSchema.meta({ id: 'UserInvite' });
export const updateUserBodySchema = userUpdateSchema.meta({ id: 'UserUpdate' });

export const userResponseSchema = z.object({ data: merchantUserSchema });
export const usersResponseSchema = z.object({ data: z.array(merchantUserSchema) });
