import { describe, expect, it } from 'vitest';
import {
  ALL_SITES_MANAGER,
  aContext,
  aMerchant,
  aStaffUser,
  aUser,
  EMPTY_PERMISSIONS,
  siteManagerOf,
} from '../../../test/fixtures.ts';
import { safeRedirectTarget } from '../../lib/paths.ts';
import { CONTINUE, redirectTo } from './guard.ts';
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
  requireDeveloperFlag,
  requirePermissions,
  requireSignIn,
  sendConfiguredUserHome,
  sendVerifiedMerchantHome,
  staffOnly,
} from './guards.ts';

const NOT_FOUND = redirectTo('/not-found');

describe('sign-in pages guard (redirectSignedInUser)', () => {
  it('lets an unauthenticated user open the sign-in page', () => {
    expect(redirectSignedInUser(aContext({ user: null }, '/signin'))).toEqual(CONTINUE);
  });
  it('sends an authenticated user to the redirect query value', () => {
    const context = aContext({}, '/signin?redirect=%2Ftransactions%3Fpage%3D2');
    expect(redirectSignedInUser(context)).toEqual(redirectTo('/transactions?page=2'));
  });
  it('sends an authenticated user to / when there is no redirect query', () => {
    expect(redirectSignedInUser(aContext({}, '/signin'))).toEqual(redirectTo('/'));
  });
  it('lets a returning social sign-in reach the screen even when someone is signed in (SPEC §8)', () => {
    expect(redirectSignedInUser(aContext({}, '/signin?social=one-time-code'))).toEqual(CONTINUE);
  });
  it('never follows a redirect to another origin', () => {
    expect(redirectSignedInUser(aContext({}, '/signin?redirect=//evil.test'))).toEqual(redirectTo('/'));
    expect(redirectSignedInUser(aContext({}, '/signin?redirect=https://evil.test'))).toEqual(redirectTo('/'));
    expect(safeRedirectTarget('/\\evil.test')).toBe('/');
    // Browsers drop tabs and line breaks from a URL: "/\t/evil.test" would be "//evil.test".
    for (const sneaky of ['/\t/evil.test', '/\n/evil.test', '/\r//evil.test', '/a\\..\\/evil.test'])
      expect(safeRedirectTarget(sneaky), JSON.stringify(sneaky)).toBe('/');
    expect(safeRedirectTarget('/transactions?page=2#top')).toBe('/transactions?page=2#top');
  });
});

describe('sign-in guard (requireSignIn)', () => {
  it('sends an unauthenticated user to /signin with the requested path as redirect', () => {
    expect(requireSignIn(aContext({ user: null }, '/transactions?siteId=s1'))).toEqual(
      redirectTo('/signin?redirect=%2Ftransactions%3FsiteId%3Ds1'),
    );
  });
  it('sends an unauthenticated user on / to /signin without a redirect query', () => {
    expect(requireSignIn(aContext({ user: null }, '/'))).toEqual(redirectTo('/signin'));
  });
  it('lets a signed-in user continue', () => {
    expect(requireSignIn(aContext({}, '/transactions'))).toEqual(CONTINUE);
  });
});

describe('configured-user guard', () => {
  it('sends a user who is not configured to /onboarding/pending', () => {
    expect(requireConfiguredUser(aContext({ user: aUser({ isConfigured: false }) }))).toEqual(
      redirectTo('/onboarding/pending'),
    );
  });
  it('lets a configured user continue', () => {
    expect(requireConfiguredUser(aContext())).toEqual(CONTINUE);
  });
});

describe('app-start check', () => {
  it('goes to /onboarding/pending when the user is unauthenticated', () => {
    expect(appStartCheck(aContext({ user: null }))).toEqual(redirectTo('/onboarding/pending'));
  });
  it('goes to /onboarding/pending when the user is not configured', () => {
    expect(appStartCheck(aContext({ user: aUser({ isConfigured: false }) }))).toEqual(
      redirectTo('/onboarding/pending'),
    );
  });
  it('goes to /onboarding when there is no merchant', () => {
    expect(appStartCheck(aContext({ merchant: null }))).toEqual(redirectTo('/onboarding'));
  });
  it('sends staff without a merchant of their own to /companies, not onboarding', () => {
    expect(appStartCheck(aContext({ user: aStaffUser(), merchant: null }))).toEqual(redirectTo('/companies'));
  });
  it('continues otherwise', () => {
    expect(appStartCheck(aContext())).toEqual(CONTINUE);
  });
});

describe('invitation pending page', () => {
  it('sends a configured user home: an owner never reads "Your invitation is pending"', () => {
    expect(sendConfiguredUserHome(aContext())).toEqual(redirectTo('/'));
    expect(sendConfiguredUserHome(aContext({ user: aStaffUser(), merchant: null }))).toEqual(redirectTo('/'));
  });
  it('shows it to users not configured yet and to signed-out visitors', () => {
    expect(sendConfiguredUserHome(aContext({ user: aUser({ isConfigured: false }) }))).toEqual(CONTINUE);
    expect(sendConfiguredUserHome(aContext({ user: null }))).toEqual(CONTINUE);
  });
});

describe('deal query on /onboarding', () => {
  it('clears the current merchant when the query has deal', () => {
    expect(dealQueryClearsMerchant(aContext({}, '/onboarding?deal=D-42'))).toEqual({
      type: 'clear-merchant',
    });
  });
  it('does nothing without a deal query', () => {
    expect(dealQueryClearsMerchant(aContext({}, '/onboarding'))).toEqual(CONTINUE);
  });
  it('does nothing when no merchant is selected', () => {
    expect(dealQueryClearsMerchant(aContext({ merchant: null }, '/onboarding?deal=D-42'))).toEqual(CONTINUE);
  });
});

describe('verified merchants are sent away from onboarding', () => {
  it('sends a verified merchant to /', () => {
    expect(sendVerifiedMerchantHome(aContext())).toEqual(redirectTo('/'));
  });
  it('lets a merchant whose verification is pending stay', () => {
    expect(
      sendVerifiedMerchantHome(aContext({ merchant: aMerchant({ kycOnboardingStatus: 'pending' }) })),
    ).toEqual(CONTINUE);
  });
  it('lets a user without a merchant stay', () => {
    expect(sendVerifiedMerchantHome(aContext({ merchant: null }))).toEqual(CONTINUE);
  });
});

describe('permission guards', () => {
  const owner = aContext();
  const siteManager = aContext({ merchant: aMerchant({ permissions: siteManagerOf('site-1') }) });

  it('company-scoped: passes when the permission is held company-wide', () => {
    expect(requirePermissions(['User_ListUsers'], 'company')(owner)).toEqual(CONTINUE);
  });
  it('company-scoped: sends a user without it to /not-found', () => {
    expect(requirePermissions(['User_ListUsers'], 'company')(siteManager)).toEqual(NOT_FOUND);
  });
  it('company-scoped: site grants do not count', () => {
    const allSites = aContext({ merchant: aMerchant({ permissions: ALL_SITES_MANAGER }) });
    expect(requirePermissions(['Device_AssignDevice'], 'company')(allSites)).toEqual(NOT_FOUND);
  });
  it('maps User_UpdateUser to User:Update', () => {
    const onlyUpdate = aContext({
      merchant: aMerchant({ permissions: { companyScoped: ['User:Update'], siteScoped: [] } }),
    });
    expect(requirePermissions(['User_UpdateUser'], 'company')(onlyUpdate)).toEqual(CONTINUE);
  });
  it('site-scoped: passes on the site given by the siteId parameter', () => {
    const context = { ...siteManager, params: { siteId: 'site-1' } };
    expect(requirePermissions(['Site_UpdateSite'], 'site')(context)).toEqual(CONTINUE);
  });
  it('site-scoped: refuses another site', () => {
    const context = { ...siteManager, params: { siteId: 'site-2' } };
    expect(requirePermissions(['Site_UpdateSite'], 'site')(context)).toEqual(NOT_FOUND);
  });
  it('site-scoped: a * grant covers every site', () => {
    const context = aContext({
      merchant: aMerchant({ permissions: ALL_SITES_MANAGER }),
      params: { siteId: 'x' },
    });
    expect(requirePermissions(['Site_UpdateSite'], 'site')(context)).toEqual(CONTINUE);
  });
  it('site-scoped: company-wide grants count for every site', () => {
    expect(requirePermissions(['Site_UpdateSite'], 'site')({ ...owner, params: { siteId: 'any' } })).toEqual(
      CONTINUE,
    );
  });
  it('site-scoped: refuses when the route has no siteId', () => {
    expect(requirePermissions(['Site_UpdateSite'], 'site')(siteManager)).toEqual(NOT_FOUND);
  });
  it('any-site: passes when the permission is held on at least one site', () => {
    expect(requirePermissions(['Device_AssignDevice'], 'any-site')(siteManager)).toEqual(CONTINUE);
  });
  it('any-site: refuses when it is held on no site', () => {
    const none = aContext({ merchant: aMerchant({ permissions: EMPTY_PERMISSIONS }) });
    expect(requirePermissions(['Device_AssignDevice'], 'any-site')(none)).toEqual(NOT_FOUND);
  });
  it('passes only when every listed permission is held', () => {
    const partial = aContext({
      merchant: aMerchant({ permissions: { companyScoped: ['Billing:ListInvoices'], siteScoped: [] } }),
    });
    expect(
      requirePermissions(['Billing_ListInvoices', 'Billing_AddPaymentMethod'], 'company')(partial),
    ).toEqual(NOT_FOUND);
    expect(requirePermissions(['Billing_ListInvoices'], 'company')(partial)).toEqual(CONTINUE);
  });
  it('lets staff through whatever their permissions', () => {
    const staff = aContext({ user: aStaffUser(), merchant: aMerchant({ permissions: EMPTY_PERMISSIONS }) });
    expect(requirePermissions(['User_ListUsers', 'Site_CreateSite'], 'company')(staff)).toEqual(CONTINUE);
  });
  it('refuses when no merchant is selected', () => {
    expect(requirePermissions(['User_ListUsers'], 'company')(aContext({ merchant: null }))).toEqual(
      NOT_FOUND,
    );
  });
});

describe('staff-only guard', () => {
  it('lets staff through', () => {
    expect(staffOnly(aContext({ user: aStaffUser() }))).toEqual(CONTINUE);
  });
  it('sends an owner to /not-found', () => {
    expect(staffOnly(aContext())).toEqual(NOT_FOUND);
  });
  it('sends a signed-out user to /not-found', () => {
    expect(staffOnly(aContext({ user: null }))).toEqual(NOT_FOUND);
  });
});

describe('can-manage-companies guard', () => {
  const siteOnly = aMerchant({ permissions: siteManagerOf('s1') });
  it('lets staff through', () => {
    expect(requireCanManageCompanies(aContext({ user: aStaffUser(), merchants: [siteOnly] }))).toEqual(
      CONTINUE,
    );
  });
  it('lets a user with User:ListUsers on any company through', () => {
    expect(requireCanManageCompanies(aContext({ merchants: [aMerchant()] }))).toEqual(CONTINUE);
  });
  it('lets a user of more than one merchant through', () => {
    const two = [siteOnly, aMerchant({ merchantId: 'm-2', permissions: siteManagerOf('s2') })];
    expect(requireCanManageCompanies(aContext({ merchants: two }))).toEqual(CONTINUE);
  });
  it('sends a single-merchant site manager to /not-found', () => {
    expect(requireCanManageCompanies(aContext({ merchants: [siteOnly] }))).toEqual(NOT_FOUND);
  });
});

describe('company-settings guard (our rule)', () => {
  it('lets an owner through', () => {
    expect(requireCompanySettingsAccess(aContext())).toEqual(CONTINUE);
  });
  it('lets a holder of Company:GetRates alone through (the server asks it for the rates shown)', () => {
    const context = aContext({
      merchant: aMerchant({ permissions: { companyScoped: ['Company:GetRates'], siteScoped: [] } }),
    });
    expect(requireCompanySettingsAccess(context)).toEqual(CONTINUE);
  });
  it.each(['Company:UpdateDetails', 'Company:Deactivate'] as const)(
    'sends a holder of %s without Company:GetRates to /not-found',
    (permission) => {
      const context = aContext({
        merchant: aMerchant({ permissions: { companyScoped: [permission], siteScoped: [] } }),
      });
      expect(requireCompanySettingsAccess(context)).toEqual(NOT_FOUND);
    },
  );
  it('lets staff through', () => {
    expect(
      requireCompanySettingsAccess(
        aContext({ user: aStaffUser(), merchant: aMerchant({ permissions: EMPTY_PERMISSIONS }) }),
      ),
    ).toEqual(CONTINUE);
  });
  it('sends a site manager to /not-found', () => {
    expect(
      requireCompanySettingsAccess(aContext({ merchant: aMerchant({ permissions: ALL_SITES_MANAGER }) })),
    ).toEqual(NOT_FOUND);
  });
});

describe('developer-flag guard', () => {
  it('sends users to /not-found unless the local flag is true', () => {
    expect(requireDeveloperFlag(aContext({ developer: false }))).toEqual(NOT_FOUND);
  });
  it('continues when the local flag is true', () => {
    expect(requireDeveloperFlag(aContext({ developer: true }))).toEqual(CONTINUE);
  });
});

describe('feature-flag guard', () => {
  it('sends users to /not-found when the route’s flag exists and is off', () => {
    expect(featureFlag(aContext({ routeId: 'transactions', flags: { transactions: false } }))).toEqual(
      NOT_FOUND,
    );
  });
  it('continues when the flag is on', () => {
    expect(featureFlag(aContext({ routeId: 'transactions', flags: { transactions: true } }))).toEqual(
      CONTINUE,
    );
  });
  it('continues when the route has no flag', () => {
    expect(featureFlag(aContext({ routeId: 'transactions', flags: { payouts: false } }))).toEqual(CONTINUE);
  });
});

describe('companion-session guard', () => {
  it('continues when a session exists', () => {
    expect(companionSession(aContext())).toEqual(CONTINUE);
  });
  it('asks to restore the session from locally stored tokens', () => {
    expect(companionSession(aContext({ user: null, hasCompanionTokens: true }))).toEqual({
      type: 'restore-companion-session',
    });
  });
  it('goes to /not-found when there are no tokens', () => {
    expect(companionSession(aContext({ user: null, hasCompanionTokens: false }))).toEqual(NOT_FOUND);
  });
});

describe('native-app guard (our rule)', () => {
  it('continues with a signed-in user and a current merchant', () => {
    expect(nativeAppGuard(aContext())).toEqual(CONTINUE);
  });
  it('goes to /not-found without a merchant', () => {
    expect(nativeAppGuard(aContext({ merchant: null }))).toEqual(NOT_FOUND);
  });
  it('goes to /not-found without a user', () => {
    expect(nativeAppGuard(aContext({ user: null }))).toEqual(NOT_FOUND);
  });
});

describe('app-start check on /companies (ours, issue 5)', () => {
  it('lets staff without a merchant of their own through, to search and override', () => {
    expect(appStartCheckUnlessStaff(aContext({ user: aStaffUser(), merchant: null }))).toEqual(CONTINUE);
  });
  it('sends anyone else without a merchant to /onboarding', () => {
    expect(appStartCheckUnlessStaff(aContext({ merchant: null }))).toEqual(redirectTo('/onboarding'));
  });
});
