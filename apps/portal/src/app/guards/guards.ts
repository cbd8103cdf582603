import {
  canManageCompanies,
  EMPTY_PERMISSIONS,
  holdsPermissions,
  type Permission,
  type PermissionScope,
  permissionFromGuardName,
  type RouteGuardPermission,
} from '@mp/domain/permissions';
import { pathTo, safeRedirectTarget } from '../../lib/paths.ts';
import { isStaffUser } from '../../lib/session/session-store.ts';
import { CONTINUE, type Guard, type GuardContext, redirectTo } from './guard.ts';

const NOT_FOUND = pathTo('not-found');

function actorOf(context: GuardContext) {
  return {
    isStaff: isStaffUser(context.user),
    permissions: context.merchant?.permissions ?? EMPTY_PERMISSIONS,
  };
}

/** SPEC §2.2: authenticated users on sign-in pages go to the redirect query value, else /. */
export const redirectSignedInUser: Guard = ({ user, url }) => {
  // SPEC §8: a social sign-in returning while someone is signed in must reach the screen, which signs them out.
  if (!user || url.searchParams.has('social')) return CONTINUE;
  return redirectTo(safeRedirectTarget(url.searchParams.get('redirect')));
};

/** SPEC §2.2: unauthenticated users go to /signin with redirect = the requested path, unless it is /. */
export const requireSignIn: Guard = ({ user, url }) => {
  if (user) return CONTINUE;
  const requested = `${url.pathname}${url.search}`;
  return redirectTo(
    url.pathname === '/' ? pathTo('sign-in') : pathTo('sign-in', {}, { redirect: requested }),
  );
};

/**
 * Ours (issue 15): staff whose session did not pass a second factor, and users of a merchant whose owner requires
 * one (company settings), go to /two-factor (set one up, or verify a code) before anything else opens; the API
 * refuses them too (403 SECOND_FACTOR_REQUIRED).
 */
export const requireSecondFactor: Guard = ({ user, url, merchant }) => {
  if (user?.twoFactor?.verified) return CONTINUE;
  if (!isStaffUser(user) && !merchant?.requireTwoFactor) return CONTINUE;
  return redirectTo(pathTo('two-factor', {}, { redirect: `${url.pathname}${url.search}` }));
};

/** SPEC §2.2: a user who is not configured goes to /onboarding/pending. */
export const requireConfiguredUser: Guard = ({ user }) =>
  user && !user.isConfigured ? redirectTo(pathTo('invited-pending')) : CONTINUE;

/**
 * SPEC §2.2 app-start check: unauthenticated or not configured → /onboarding/pending;
 * no merchant → /onboarding; otherwise continue. Ours (issue 9): staff without a merchant of their own land on
 * /companies (staff search first), not on onboarding.
 */
export const appStartCheck: Guard = ({ user, merchant }) => {
  if (!user?.isConfigured) return redirectTo(pathTo('invited-pending'));
  if (!merchant)
    return redirectTo(isStaffUser(user) ? pathTo('manage-companies') : pathTo('onboarding-landing'));
  return CONTINUE;
};

/** Ours (issue 9): a configured user never sees "Your invitation is pending"; they go home. */
export const sendConfiguredUserHome: Guard = ({ user }) =>
  user?.isConfigured ? redirectTo(pathTo('home')) : CONTINUE;

/** SPEC §2.2: opening /onboarding with a deal query clears the current merchant. */
export const dealQueryClearsMerchant: Guard = ({ url, merchant }) =>
  url.searchParams.has('deal') && merchant ? { type: 'clear-merchant' } : CONTINUE;

/** SPEC §2.2: a merchant who is already verified is sent away from onboarding to /. */
export const sendVerifiedMerchantHome: Guard = ({ merchant }) =>
  merchant?.kycOnboardingStatus === 'verified' ? redirectTo(pathTo('home')) : CONTINUE;

/** SPEC §2.2 / §6: permission guards send denied users to /not-found; all listed permissions are needed. */
export function requirePermissions(
  names: readonly RouteGuardPermission[],
  scope: 'company' | 'site' | 'any-site',
): Guard {
  const required: Permission[] = names.map(permissionFromGuardName);
  return (context) => {
    let permissionScope: PermissionScope;
    if (scope === 'site') {
      const siteId = context.params.siteId;
      if (!siteId) return redirectTo(NOT_FOUND);
      permissionScope = { kind: 'site', siteId };
    } else {
      permissionScope = { kind: scope };
    }
    return holdsPermissions(actorOf(context), required, permissionScope) ? CONTINUE : redirectTo(NOT_FOUND);
  };
}

/**
 * Ours (issue 5): staff reach /companies without a merchant of their own, to search merchants and override
 * into one; everyone else gets the app-start check.
 */
export const appStartCheckUnlessStaff: Guard = (context) =>
  isStaffUser(context.user) && context.user?.isConfigured ? CONTINUE : appStartCheck(context);

/** SPEC §2.2: staff only, else /not-found. */
export const staffOnly: Guard = ({ user }) => (isStaffUser(user) ? CONTINUE : redirectTo(NOT_FOUND));

/** SPEC §6 can-manage-companies: staff, User:ListUsers on any company, or more than one merchant. */
export const requireCanManageCompanies: Guard = ({ user, merchants }) =>
  canManageCompanies(isStaffUser(user), merchants) ? CONTINUE : redirectTo(NOT_FOUND);

/**
 * Ours (README "Guard decisions", docs/decisions/0031): the company-settings screen opens for staff or holders of
 * Company:GetRates company-wide, the permission the server asks for the rates the screen shows.
 */
export const COMPANY_SETTINGS_PERMISSIONS = ['Company:GetRates'] as const satisfies readonly Permission[];

export const requireCompanySettingsAccess: Guard = (context) =>
  holdsPermissions(actorOf(context), COMPANY_SETTINGS_PERMISSIONS, { kind: 'company' })
    ? CONTINUE
    : redirectTo(NOT_FOUND);

/** SPEC §2.2: the developer-flag guard lets users through only when the local flag is true. */
export const requireDeveloperFlag: Guard = ({ developer }) => (developer ? CONTINUE : redirectTo(NOT_FOUND));

/** SPEC §2.2: a route whose feature flag exists and is off is not found. */
export const featureFlag: Guard = ({ flags, routeId }) =>
  flags[routeId] === false ? redirectTo(NOT_FOUND) : CONTINUE;

/** SPEC §2.2: the companion-session guard restores a session from locally stored tokens, or /not-found. */
export const companionSession: Guard = ({ user, hasCompanionTokens }) => {
  if (user) return CONTINUE;
  return hasCompanionTokens ? { type: 'restore-companion-session' } : redirectTo(NOT_FOUND);
};

/** Ours (README "Guard decisions"): native-app pages need a signed-in user with a current merchant. */
export const nativeAppGuard: Guard = ({ user, merchant }) =>
  user && merchant ? CONTINUE : redirectTo(NOT_FOUND);
