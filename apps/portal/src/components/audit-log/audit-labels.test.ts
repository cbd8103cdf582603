import { AUDIT_ACTIONS, type AuditAction } from '@mp/domain/audit-actions';
import { describe, expect, it } from 'vitest';
import { aSite } from '../../../test/fixtures.ts';
import { accessEnGB } from '../../locales/access/en-GB.ts';
import { readableChanges } from './audit-readable.ts';

type Entry = { before: unknown; after: unknown };

// What the API writes as before/after for each action (apps/api/src: recordAudit, auditRepository.insert, the
// identity service's audit): the same field names and shapes, with made-up values. An action with more than one
// shape (a first rates version, an override that replaced another) has one entry each.
const member = (overrides: Record<string, unknown> = {}) => ({
  userId: 'u-1',
  email: 'sam@example.com',
  firstName: 'Sam',
  lastName: 'Jones',
  companyRoles: ['SiteManager'],
  siteRoles: [{ siteId: 's-1', roles: ['SiteManager'] }],
  status: 'active',
  invitedAt: '2026-01-01T09:00:00.000Z',
  createdAt: '2026-01-01T09:00:00.000Z',
  canEditAccount: true,
  accountLockedReason: null,
  twoFactor: false,
  ...overrides,
});
const invitation = {
  invitationId: 'i-1',
  email: 'kim@example.com',
  companyRoles: [],
  siteRoles: [{ siteId: 's-1', roles: ['SiteManager'] }],
  state: 'pending',
  invitedBy: 'owner@example.com',
  createdAt: '2026-01-01T09:00:00.000Z',
  expiresAt: '2026-01-08T09:00:00.000Z',
  decidedAt: null,
};
const capitalRequest = (overrides: Record<string, unknown> = {}) => ({
  requestId: 'c-1',
  status: 'requested',
  currency: 'GBP',
  amount: 500_000,
  fee: 40_000,
  repaymentBasisPoints: 1_000,
  volume90Days: 2_500_000,
  requestedBy: 'owner@example.com',
  requestedAt: '2026-01-01T09:00:00.000Z',
  decidedAt: null,
  declineReason: null,
  ...overrides,
});
// A site's entries carry its view, as GET …/sites/{siteId} answers it.
type Site = ReturnType<typeof aSite>;
const site = (overrides: Partial<Site> = {}, address: Partial<Site['address']> = {}) =>
  aSite({ ...overrides, address: { ...aSite().address, ...address } });
const siteSettings = (on: boolean, pins: string) => ({
  payByLinkTermsUrl: on ? 'https://example.com/terms' : null,
  payouts: { settlementType: on ? 'gross' : 'net', payoutHold: on },
  paymentMethods: { moto: on, payByLink: on, tapToPay: !on },
  tips: { enabled: on, provider: on ? 'tipjar' : 'own' },
  integrations: {
    connectPush: { enabled: on, url: on ? 'https://example.com/push' : null },
    connectPull: { enabled: on },
  },
  deviceSettings: {
    manualLimitPerTransaction: on ? 35_000 : 50_000,
    manualLimitDaily: on ? 100_000 : 200_000,
    preAuth: { enabled: on, adjustThreshold: on ? 1.5 : 1.2 },
    unreferencedRefunds: on,
    refundsOverdraft: on,
    adminPin: pins,
    refundPin: pins,
  },
});
const rates = (domestic: number, first = false) => ({
  current: first
    ? null
    : {
        domesticPercent: domestic,
        eeaPercent: domestic + 0.5,
        globalPercent: domestic + 1,
        amexPercent: domestic + 1.5,
        otherPercent: domestic + 2,
        tapToPayPercent: domestic,
        fixedFee: domestic > 1.3 ? 5 : 0,
        deviceRentalMonthly: domestic > 1.3 ? 1_500 : 2_000,
        currency: 'GBP',
        settlementType: domestic > 1.3 ? 'gross' : 'net',
        contractEndDate: domestic > 1.3 ? '2027-12-31' : null,
        backfill: domestic > 1.3,
        effectiveFrom: domestic > 1.3 ? '2026-02-01' : '2026-01-01',
        updatedAt: '2026-01-01T09:00:00.000Z',
      },
  discounts: first
    ? []
    : [{ description: 'Welcome', percent: domestic, durationMonths: 3, startsOn: '2026-01-01' }],
  monthlyFees: first ? [] : [{ description: 'PCI', amount: 500, startsOn: '2026-01-01', endsOn: null }],
  credits: first
    ? []
    : [{ description: 'Goodwill', amount: domestic > 1.3 ? 1_000 : 500, startsOn: '2026-01-01' }],
  currency: 'GBP',
  feeDestination: first ? null : `account-${domestic}`,
  tradingHours: first
    ? null
    : Object.fromEntries(
        ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
          day,
          [{ opens: '09:00', closes: domestic > 1.3 ? '18:00' : '17:00' }],
        ]),
      ),
  dealReference: domestic > 1.3 ? 'DL-ABCDE' : null,
  canUpdateToday: !first,
});
const override = {
  overrideId: 'o-2',
  merchantId: 'm-1',
  staff: { userId: 'u-staff', email: 'staff@provider.example' },
  reason: 'Customer called about a refund',
  startedAt: '2026-01-01T09:00:00.000Z',
  expiresAt: '2026-01-01T10:00:00.000Z',
};
const deal = {
  reference: 'DL-ABCDE',
  currency: 'GBP',
  domesticPercent: 1.2,
  eeaPercent: 1.7,
  globalPercent: 2.2,
  amexPercent: 2.7,
  otherPercent: 3.2,
  tapToPayPercent: 1.2,
  fixedFee: 5,
  deviceRentalMonthly: 1_500,
  settlementType: 'net',
  contractMonths: 12,
  monthlyFees: [{ description: 'PCI', amount: 500 }],
  discounts: [{ description: 'Welcome', percent: 0.2, durationMonths: 3 }],
  validUntil: '2026-03-31',
  name: 'Spring offer',
  status: 'active',
  state: 'active',
  createdAt: '2026-01-01T09:00:00.000Z',
  updatedAt: '2026-01-01T09:00:00.000Z',
};
const merchant = (legalEntityName: string, registrationNumber: string | null) => ({
  legalEntityName,
  registrationNumber,
  vatNumber: registrationNumber ? 'GB123456789' : null,
  industry: registrationNumber ? 'Retail' : null,
});
const none: Entry = { before: null, after: null };

const ENTRIES = {
  'user.invite': [
    {
      before: null,
      after: {
        email: 'new@example.com',
        companyRoles: [],
        siteRoles: [{ siteId: 's-1', roles: ['SiteManager'] }],
        newAccount: true,
      },
    },
  ],
  'user.update': [
    {
      before: member(),
      after: member({
        email: 'samuel@example.com',
        firstName: 'Samuel',
        lastName: 'Jones-Smith',
        companyRoles: ['CompanyOwner'],
        siteRoles: [],
        status: 'pending',
        invitedAt: '2026-01-02T09:00:00.000Z',
        canEditAccount: false,
        accountLockedReason: 'shared',
        twoFactor: true,
      }),
    },
  ],
  'user.reset-password': [none],
  'user.remove': [{ before: member({ twoFactor: true }), after: null }],
  'invitation.create': [
    {
      before: null,
      after: { email: 'kim@example.com', userId: 'u-2', companyRoles: ['CompanyOwner'], siteRoles: [] },
    },
  ],
  'invitation.revoke': [{ before: invitation, after: null }],
  'invitation.accept': [{ before: null, after: { userId: 'u-2', alreadyMember: false } }],
  'invitation.decline': [{ before: null, after: { userId: 'u-2' } }],
  'transaction.refund': [
    {
      before: { status: 'succeeded' },
      after: { refundId: 'r-1', amount: 1_250, currency: 'GBP', status: 'refund-pending' },
    },
  ],
  'transaction.receipt': [{ before: null, after: { to: 'customer@example.com', locale: 'fr-FR' } }],
  'invoice.raise_one_off': [
    {
      before: null,
      after: {
        number: 'OO-2026-01-0001',
        currency: 'GBP',
        lines: [{ description: 'Replacement card machine', amount: 9_900 }],
        subtotal: 9_900,
        taxPercent: 20,
        tax: 1_980,
        total: 11_880,
      },
    },
  ],
  'capital.request': [{ before: null, after: capitalRequest() }],
  'capital.approve': [
    {
      before: capitalRequest(),
      after: capitalRequest({ status: 'approved', decidedAt: '2026-01-02T09:00:00.000Z' }),
    },
  ],
  'capital.decline': [
    {
      before: capitalRequest(),
      after: capitalRequest({
        status: 'declined',
        decidedAt: '2026-01-02T09:00:00.000Z',
        declineReason: 'Takings too irregular',
      }),
    },
  ],
  'site.create': [{ before: null, after: site() }],
  'site.update': [
    {
      before: site(),
      after: site(
        {
          displayName: 'High St',
          shortCode: 'HST',
          payByLinkTermsUrl: 'https://example.com/terms',
          settlementWindow: '03:00',
          updatedAt: '2026-01-02T09:00:00.000Z',
        },
        {
          line1: '2 High Street',
          line2: 'Unit 4',
          city: 'Leeds',
          stateOrProvince: 'West Yorkshire',
          postalCode: 'LS1 1AA',
          country: 'IE',
        },
      ),
    },
  ],
  'site.archive': [{ before: site(), after: null }],
  'site.passcodes.reveal': [none],
  'site.settings.update': [
    { before: siteSettings(false, '••••'), after: siteSettings(true, '•••• (changed)') },
  ],
  'site.integration.push.rotate': [{ before: null, after: { lastFour: 'a1b2' } }],
  'site.integration.pull.rotate': [{ before: null, after: { lastFour: 'c3d4' } }],
  'device.rename': [{ before: { label: 'Till 1' }, after: { label: 'Front till' } }],
  'device.order': [
    {
      before: null,
      after: {
        lines: [
          { kind: 'device', model: 'with-printer', quantity: 2, unitAmount: 1_500, billing: 'monthly' },
          { kind: 'dock', model: 'with-printer', quantity: 1, unitAmount: 2_500, billing: 'outright' },
        ],
        monthlyTotal: 3_000,
        outrightTotal: 2_500,
        currency: 'GBP',
      },
    },
  ],
  'device.assign': [{ before: null, after: { serial: 'SN-000123', siteId: 's-1' } }],
  'rates.update': [
    { before: rates(1.2), after: rates(1.35) },
    { before: rates(0, true), after: rates(1.2) },
  ],
  'rates.associate-deal': [{ before: rates(1.2), after: rates(1.35) }],
  'company.update-details': [{ before: merchant('Old Ltd', null), after: merchant('New Ltd', '01234567') }],
  'company.two-factor-requirement': [
    { before: { requireTwoFactor: false }, after: { requireTwoFactor: true } },
    { before: null, after: { requireTwoFactor: true } },
  ],
  'company.deactivate': [{ before: { status: 'active' }, after: { status: 'inactive' } }],
  'override.start': [
    { before: null, after: override },
    { before: { endedOverrideIds: ['o-1'] }, after: override },
  ],
  'override.end': [none],
  'staff.request': [{ before: null, after: { statusCode: 200 } }],
  'merchant.transfer': [
    {
      before: { owners: ['u-1', 'u-3'] },
      after: {
        owners: ['u-2'],
        email: 'buyer@example.com',
        newAccount: false,
        removedOwners: ['u-1', 'u-3'],
      },
    },
  ],
  'merchant.churn': [
    {
      before: { churnEffectiveAt: null },
      after: { churnEffectiveAt: '2026-02-10T09:00:00.000Z', delayDays: 10, reason: 'Closing the shop' },
    },
  ],
  'merchant.churned': [{ before: { status: 'active' }, after: { status: 'churned' } }],
  'merchant.block': [
    { before: { blocked: false, reason: null }, after: { blocked: true, reason: 'Suspected fraud' } },
  ],
  'merchant.unblock': [
    { before: { blocked: true, reason: 'Suspected fraud' }, after: { blocked: false, reason: null } },
  ],
  'merchant.kyc-decision': [
    {
      before: { kycOnboardingStatus: 'pending' },
      after: {
        kycOnboardingStatus: 'verified',
        outcome: 'verified',
        reason: 'Passport and register checked',
        closedLinks: 1,
      },
    },
  ],
  'staff.search': [{ before: null, after: { name: 'High Street', results: 3 } }],
  'deal.create': [{ before: null, after: deal }],
  'deal.withdraw': [
    {
      before: { status: 'active', validUntil: '2026-03-31' },
      after: { status: 'withdrawn', validUntil: '2026-03-31' },
    },
  ],
  'deal.extend': [
    {
      before: { status: 'active', validUntil: '2026-03-31' },
      after: { status: 'active', validUntil: '2026-06-30' },
    },
  ],
  'identity.passkey.added': [none],
  'identity.passkey.removed': [none],
  'identity.totp.added': [none],
  'identity.totp.removed': [none],
  'identity.session.ended': [{ before: null, after: { current: false } }],
  'identity.sessions.others-ended': [{ before: null, after: { ended: ['sess-1', 'sess-2'] } }],
  'identity.password.changed': [none],
  'identity.password.reset': [none],
} satisfies Record<AuditAction, Entry[]>;

const FIELDS = 'access.audit.fields.';

/** Every field label `readableChanges` asks for in an action's entries (a `t` that records what it is asked). */
function labelsLookedUp(entries: Entry[]): string[] {
  const asked = new Set<string>();
  const t = (key: string, options?: Record<string, unknown>) => {
    if (key.startsWith(FIELDS)) asked.add(key.slice(FIELDS.length));
    return typeof options?.defaultValue === 'string' ? options.defaultValue : key;
  };
  for (const entry of entries) readableChanges(entry, t, 'en-GB', { currency: 'GBP' });
  return [...asked];
}

/** Actions whose entries record nothing a reader is shown (no before/after, or only hidden ids). */
const NOTHING_SHOWN = new Set<AuditAction>([
  'user.reset-password',
  'invitation.decline',
  'site.passcodes.reveal',
  'override.end',
  'identity.passkey.added',
  'identity.passkey.removed',
  'identity.totp.added',
  'identity.totp.removed',
  'identity.sessions.others-ended',
  'identity.password.changed',
  'identity.password.reset',
]);

describe('audit field labels', () => {
  it('has an entry shape for every audit action', () => {
    expect(Object.keys(ENTRIES).sort()).toEqual([...AUDIT_ACTIONS].sort());
  });

  it('looks up labels for every action that shows fields, and for none other', () => {
    const showing = AUDIT_ACTIONS.filter((action) => labelsLookedUp(ENTRIES[action]).length > 0);
    expect(showing).toEqual(AUDIT_ACTIONS.filter((action) => !NOTHING_SHOWN.has(action)));
  });

  // A field without a label is shown as its humanised English key ("Last four") in every language.
  it.each(AUDIT_ACTIONS)('labels every field %s shows', (action) => {
    const labelled = Object.keys(accessEnGB.audit.fields);
    expect(labelsLookedUp(ENTRIES[action]).filter((key) => !labelled.includes(key))).toEqual([]);
  });
});
