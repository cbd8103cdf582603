// SPEC §3 "User invite and update", §5: at least one site must be selected for a non-admin user.
import { z } from 'zod';
import { COMPANY_ROLES, ROLES, SITE_ROLES } from '../permissions.ts';
import { emailSchema } from './auth.ts';
import { objectInput, requiredText } from './common.ts';

export const USER_NAME_MAX_LENGTH = 100;

/**
 * A role where it grants something (DESIGN §4): CompanyOwner company-wide, SiteManager on a site. The other place
 * would store a role that grants nothing (the portal never offers it), so it is refused like an unknown one.
 */
const companyRoleSchema = z.enum(COMPANY_ROLES, { error: 'validation.roleInvalid' });
const siteRoleSchema = z.enum(SITE_ROLES, { error: 'validation.roleInvalid' });

export const siteRoleGrantSchema = objectInput({
  /** a site id, or `*` for every site */
  siteId: requiredText(100),
  roles: z.array(siteRoleSchema, { error: 'validation.invalid' }).min(1, { error: 'validation.roleInvalid' }),
});

const userFields = {
  firstName: requiredText(USER_NAME_MAX_LENGTH),
  lastName: requiredText(USER_NAME_MAX_LENGTH),
  companyRoles: z.array(companyRoleSchema, { error: 'validation.invalid' }).max(ROLES.length),
  siteRoles: z.array(siteRoleGrantSchema, { error: 'validation.invalid' }).max(1000),
};

interface UserRoles {
  companyRoles: readonly string[];
  siteRoles: readonly { siteId: string; roles: readonly string[] }[];
}

/** A CompanyOwner holds every site; anyone else needs at least one site ("At least one site must be selected"). */
function requireSiteUnlessOwner(user: UserRoles, ctx: z.RefinementCtx): void {
  if (user.companyRoles.includes('CompanyOwner')) return;
  if (user.siteRoles.some((grant) => grant.roles.length > 0)) return;
  ctx.addIssue({
    code: 'custom',
    message: 'validation.siteRequired',
    path: ['siteRoles'],
    input: user.siteRoles,
  });
}

export const userInviteSchema = objectInput({ email: emailSchema, ...userFields }).superRefine(
  requireSiteUnlessOwner,
);

/**
 * An update changes roles, and names when given (omitted: unchanged). Names belong to the account: the API
 * refuses to change them for an account that also belongs to another company (DESIGN §4). The email
 * identifies the user and is not changed here.
 */
export const userUpdateSchema = objectInput({
  ...userFields,
  firstName: userFields.firstName.optional(),
  lastName: userFields.lastName.optional(),
}).superRefine(requireSiteUnlessOwner);

export type UserInvite = z.output<typeof userInviteSchema>;
export type UserUpdate = z.output<typeof userUpdateSchema>;
