import type { RouteId } from '../../lib/paths.ts';
import type { Guard } from './guard.ts';
import {
  appStartCheck,
  appStartCheckUnlessStaff,
  companionSession,
  dealQueryClearsMerchant,
  featureFlag,
  nativeAppGuard,
  redirectSignedInUser,
  requireCanManageCompanies,
  requireCompanySettingsAccess,
  requireConfiguredUser,
  requirePermissions,
  requireSecondFactor,
  requireSignIn,
  sendConfiguredUserHome,
  sendVerifiedMerchantHome,
  staffOnly,
} from './guards.ts';

// DESIGN §4 guard order on the main layout: sign-in guard, app-start check, then the route's own guards.
const MAIN_APP: readonly Guard[] = [requireSignIn, requireSecondFactor, appStartCheck];
const ONBOARDING: readonly Guard[] = [requireSignIn, requireConfiguredUser];
const NATIVE_APP: readonly Guard[] = [companionSession, nativeAppGuard];

/** The guards of each route's own screen, after its layout's guards. */
const OWN_GUARDS: Record<RouteId, readonly Guard[]> = {
  'sign-in': [redirectSignedInUser],
  'sign-up': [],
  join: [],
  'forgot-password': [redirectSignedInUser],
  'not-right': [],
  'payment-method-success': [],
  // SPEC §2.1 "disabled when a stored flag is present": the page itself stays and says why (issue 14 §1).
  'companion-tap-to-pay': [],
  'companion-eod-reports': [],
  'companion-capital': [],

  home: [...MAIN_APP],
  'payment-methods': [...MAIN_APP, requirePermissions(['Billing_ListPaymentMethods'], 'company')],
  'add-payment-method': [...MAIN_APP, requirePermissions(['Billing_AddPaymentMethod'], 'company')],
  invoices: [...MAIN_APP, requirePermissions(['Billing_ListInvoices'], 'company')],
  'all-devices': [...MAIN_APP],
  'order-new-device': [...MAIN_APP, requirePermissions(['Device_OrderDevice'], 'company')],
  'connect-new-device': [...MAIN_APP, requirePermissions(['Device_AssignDevice'], 'any-site')],
  'all-sites': [...MAIN_APP],
  'edit-site': [...MAIN_APP, requirePermissions(['Site_UpdateSite'], 'site')],
  'site-internal-settings': [...MAIN_APP, staffOnly],
  'new-site': [...MAIN_APP, requirePermissions(['Site_CreateSite'], 'company')],
  transactions: [...MAIN_APP],
  payouts: [...MAIN_APP],
  'payout-details': [...MAIN_APP],
  reports: [...MAIN_APP],
  'eod-reports': [...MAIN_APP],
  'reports-download': [...MAIN_APP],
  users: [...MAIN_APP, requirePermissions(['User_ListUsers'], 'company')],
  'edit-user': [...MAIN_APP, requirePermissions(['User_UpdateUser'], 'company')],
  'add-user': [...MAIN_APP, requirePermissions(['User_InviteUser'], 'company')],
  'company-settings': [...MAIN_APP, requireCompanySettingsAccess],
  'staff-company-settings': [...MAIN_APP, staffOnly],
  'manage-companies': [
    requireSignIn,
    requireSecondFactor,
    appStartCheckUnlessStaff,
    requireCanManageCompanies,
  ],
  // Issue 8 §1: signed in is enough; someone with an account but no merchant of their own yet must reach it.
  invitations: [requireSignIn],
  // Issue 15: where requireSecondFactor sends people; signed in is enough.
  'two-factor': [requireSignIn],

  'invited-pending': [sendConfiguredUserHome],
  'onboarding-landing': [...ONBOARDING, dealQueryClearsMerchant, sendVerifiedMerchantHome],
  'onboarding-wizard': [...ONBOARDING, sendVerifiedMerchantHome],

  'native-capital': [...NATIVE_APP],
  'native-eod-reports': [...NATIVE_APP],

  'assign-device': [...MAIN_APP, requirePermissions(['Device_AssignDevice'], 'any-site')],
  'not-found': [],
};

/** Every route's complete guard chain; the per-route feature flag (SPEC §2.2) comes last. */
export function guardsFor(routeId: RouteId): readonly Guard[] {
  return [...OWN_GUARDS[routeId], featureFlag];
}
