import {
  ALL_SITES,
  COMPANY_PERMISSIONS,
  EMPTY_PERMISSIONS,
  type MerchantPermissions,
  SITE_MANAGER_PERMISSIONS,
  STAFF_GROUP,
} from '@mp/domain/permissions';
import type { GuardContext } from '../src/app/guards/guard.ts';
import type { Rates } from '../src/features/company/api/get-rates.ts';
import type { Merchant } from '../src/features/merchants/api/list-merchants.ts';
import type { Site, SiteSummary } from '../src/features/sites/api/sites-api.ts';
import type { RouteId } from '../src/lib/paths.ts';
import type { SessionUser } from '../src/lib/session/session-store.ts';

export const OWNER_PERMISSIONS: MerchantPermissions = {
  companyScoped: [...COMPANY_PERMISSIONS],
  siteScoped: [],
};
export const siteManagerOf = (siteId: string): MerchantPermissions => ({
  companyScoped: [],
  siteScoped: [{ siteId, permissions: [...SITE_MANAGER_PERMISSIONS] }],
});
export const ALL_SITES_MANAGER = siteManagerOf(ALL_SITES);

export function aUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'user-1',
    email: 'owner@example.com',
    groups: ['Merchants'],
    isConfigured: true,
    firstName: 'Olive',
    lastName: 'Owner',
    preferences: { locale: 'en-GB' },
    twoFactor: { enabled: false, verified: false },
    ...overrides,
  };
}

// Issue 15: staff sessions have passed a second factor (else the guards send them to /two-factor).
export const aStaffUser = () =>
  aUser({ id: 'staff-1', groups: [STAFF_GROUP], twoFactor: { enabled: true, verified: true } });

export function aMerchant(overrides: Partial<Merchant> = {}): Merchant {
  return {
    merchantId: 'm-1',
    legalEntityName: 'Acme Ltd',
    entityType: 'company',
    stripeCustomerId: null,
    requireTwoFactor: false,
    status: 'active',
    kycOnboardingStatus: 'verified',
    country: 'GB',
    currency: 'GBP',
    timeZone: 'Europe/London',
    permissions: OWNER_PERMISSIONS,
    ...overrides,
  };
}

export function aContext(overrides: Partial<GuardContext> = {}, path = '/'): GuardContext {
  const merchant = 'merchant' in overrides ? (overrides.merchant ?? null) : aMerchant();
  return {
    routeId: 'home' satisfies RouteId,
    url: new URL(path, 'http://portal.test'),
    params: {},
    user: aUser(),
    merchants: merchant ? [merchant] : [],
    merchant,
    flags: {},
    developer: false,
    hasCompanionTokens: false,
    ...overrides,
  };
}

export { EMPTY_PERMISSIONS };

/** A merchant's rates as GET …/rates answers (GBP, no discounts, fees or credits). */
export function aRates(
  overrides: Partial<Rates> = {},
  current: Partial<NonNullable<Rates['current']>> = {},
): Rates {
  return {
    current: {
      domesticPercent: 1.2,
      eeaPercent: 1.5,
      globalPercent: 2.5,
      amexPercent: 2.9,
      otherPercent: 2.9,
      tapToPayPercent: 1.3,
      fixedFee: 0,
      deviceRentalMonthly: 1500,
      currency: 'GBP',
      settlementType: 'net',
      contractEndDate: null,
      backfill: false,
      effectiveFrom: '2026-01-01',
      updatedAt: '2026-01-01T00:00:00.000Z',
      ...current,
    },
    discounts: [],
    monthlyFees: [],
    credits: [],
    currency: 'GBP',
    feeDestination: null,
    tradingHours: null,
    dealReference: null,
    canUpdateToday: true,
    ...overrides,
  };
}

/** A site as GET …/sites/{siteId} answers (High_Street, London); `aSiteSummary` is the list's item of it. */
export function aSite(overrides: Partial<Site> = {}): Site {
  return {
    siteId: '66666666-6666-4666-8666-666666666666',
    name: 'High_Street',
    displayName: null,
    shortCode: null,
    payByLinkTermsUrl: null,
    settlementWindow: '00:00',
    address: {
      line1: '1 High Street',
      line2: null,
      city: 'London',
      stateOrProvince: null,
      postalCode: 'N1 1AA',
      country: 'GB',
    },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function aSiteSummary(overrides: Partial<SiteSummary> = {}): SiteSummary {
  const { siteId, name, displayName, shortCode, settlementWindow, address } = aSite();
  return { siteId, name, displayName, shortCode, settlementWindow, address, deviceCount: 0, ...overrides };
}
