import { ALL_SITES, type CompanyRole, type SiteRole } from '@mp/domain/permissions';
import { userInviteSchema, userUpdateSchema } from '@mp/domain/schemas/users';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** What the invite and edit forms hold; converted to the API shape (companyRoles, siteRoles) on submit. */
export interface UserFormValues {
  email: string;
  firstName: string;
  lastName: string;
  /** CompanyOwner: every permission on every site. */
  isOwner: boolean;
  /** Site ids (or `*` for every site) the user manages when not an owner. */
  sites: string[];
}

export const EMPTY_USER_FORM: UserFormValues = {
  email: '',
  firstName: '',
  lastName: '',
  isOwner: false,
  sites: [],
};

export function toRoles(values: UserFormValues): {
  companyRoles: CompanyRole[];
  siteRoles: { siteId: string; roles: SiteRole[] }[];
} {
  if (values.isOwner) return { companyRoles: ['CompanyOwner'], siteRoles: [] };
  return { companyRoles: [], siteRoles: values.sites.map((siteId) => ({ siteId, roles: ['SiteManager'] })) };
}

export function fromUser(user: {
  email: string;
  firstName: string | null;
  lastName: string | null;
  companyRoles: readonly string[];
  siteRoles: readonly { siteId: string; roles: readonly string[] }[];
}): UserFormValues {
  return {
    email: user.email,
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    isOwner: user.companyRoles.includes('CompanyOwner'),
    sites: user.siteRoles.filter((grant) => grant.roles.includes('SiteManager')).map((g) => g.siteId),
  };
}

export const isAllSites = (siteId: string) => siteId === ALL_SITES;

const FIELD_OF: Record<string, keyof UserFormValues> = {
  email: 'email',
  firstName: 'firstName',
  lastName: 'lastName',
  companyRoles: 'isOwner',
  siteRoles: 'sites',
};

/**
 * Validates with the domain package's schema (SPEC §5 "At least one site must be selected") on the API shape
 * the form will send; each issue's message key lands on the form field that produced it.
 */
export function userFormResolver(kind: 'invite' | 'edit'): Resolver<UserFormValues> {
  return async (values) => {
    const roles = toRoles(values);
    const result =
      kind === 'invite'
        ? userInviteSchema.safeParse({
            email: values.email,
            firstName: values.firstName,
            lastName: values.lastName,
            ...roles,
          })
        : userUpdateSchema.safeParse({ firstName: values.firstName, lastName: values.lastName, ...roles });
    if (result.success) return { values, errors: {} };
    const errors: FieldErrors<UserFormValues> = {};
    for (const issue of result.error.issues) {
      const field = FIELD_OF[String(issue.path[0])];
      if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
    }
    return { values: {}, errors };
  };
}
