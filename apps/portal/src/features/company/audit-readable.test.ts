import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n/i18n.ts';
import { readableChanges } from './audit-readable.ts';

const t = i18n.t.bind(i18n) as unknown as (key: string, options?: Record<string, unknown>) => string;
const line = (change: { label: string; before?: string; after: string }) =>
  change.before === undefined
    ? `${change.label} ${change.after}`
    : `${change.label} ${change.before} → ${change.after}`;

describe('readable audit changes', () => {
  it('reads a rates change as "Domestic rate 1.20 % → 1.35 %", money in its currency, and hides bookkeeping', () => {
    const before = {
      current: {
        domesticPercent: 1.2,
        fixedFee: 0,
        backfill: false,
        currency: 'GBP',
        updatedAt: '2026-01-01',
      },
      currency: 'GBP',
    };
    const after = {
      current: {
        domesticPercent: 1.35,
        fixedFee: 5,
        backfill: true,
        currency: 'GBP',
        updatedAt: '2026-02-01',
      },
      currency: 'GBP',
    };
    expect(readableChanges({ before, after }, t, 'en-GB').map(line)).toEqual([
      'Domestic rate 1.20 % → 1.35 %',
      'Fixed fee per transaction £0.00 → £0.05',
      'Backfill No → Yes',
    ]);
  });

  it("shows a site's manual limits as money in the merchant's currency when the entry names none", () => {
    const before = { deviceSettings: { manualLimitPerTransaction: 50000, manualLimitDaily: 200000 } };
    const after = { deviceSettings: { manualLimitPerTransaction: 35000, manualLimitDaily: 100000 } };
    expect(readableChanges({ before, after }, t, 'en-GB', 'EUR').map(line)).toEqual([
      'Manual entry limit per transaction €500.00 → €350.00',
      'Manual entry limit per day €2,000.00 → €1,000.00',
    ]);
  });

  it('lists the fields of a section that was empty before (first rates) without a "— → —" line for it', () => {
    const before = { current: null, tradingHours: null, currency: 'GBP' };
    const after = { current: { domesticPercent: 1.2, currency: 'GBP' }, tradingHours: null, currency: 'GBP' };
    expect(readableChanges({ before, after }, t, 'en-GB').map(line)).toEqual(['Domestic rate — → 1.20 %']);
  });

  it('shows the amounts of a one-off invoice as money', () => {
    const after = {
      number: 'OO-1',
      currency: 'EUR',
      subtotal: 9900,
      taxPercent: 20,
      tax: 1980,
      total: 11880,
    };
    expect(readableChanges({ before: null, after }, t, 'en-GB').map(line)).toEqual([
      'Invoice number OO-1',
      'Subtotal €99.00',
      'VAT rate 20.00 %',
      'VAT €19.80',
      'Total €118.80',
    ]);
  });

  it('names roles and counts lists instead of printing JSON', () => {
    const before = { companyRoles: [], siteRoles: [{ siteId: 's1' }], firstName: 'Sam' };
    const after = { companyRoles: ['CompanyOwner'], siteRoles: [], firstName: 'Samuel' };
    const lines = readableChanges({ before, after }, t, 'en-GB').map(line);
    expect(lines).toContain('Company roles — → Company owner');
    expect(lines).toContain('Sites 1 entry → —');
    expect(lines).toContain('First name Sam → Samuel');
    expect(lines.join(' ')).not.toMatch(/[{}[\]"]/);
  });

  it('lists what a one-sided entry recorded, field by field', () => {
    const lines = readableChanges(
      { before: null, after: { email: 'new@example.com', companyRoles: ['SiteManager'], newAccount: true } },
      t,
      'en-GB',
    ).map(line);
    expect(lines).toEqual(['Email new@example.com', 'Company roles Site manager']);
  });

  it('formats in the reader’s language', () => {
    const lines = readableChanges(
      { before: { current: { domesticPercent: 1.2 } }, after: { current: { domesticPercent: 1.35 } } },
      t,
      'fr-FR',
    ).map(line);
    expect(lines).toEqual(['Domestic rate 1,20 % → 1,35 %']);
  });

  it("names a section's on/off switch by its section: four sections of a site's settings have one", () => {
    const settings = (on: boolean) => ({
      tips: { enabled: on, provider: 'own' },
      integrations: {
        connectPush: { enabled: on, url: null },
        connectPull: { enabled: !on, secretLastFour: null },
      },
      deviceSettings: { preAuth: { enabled: on, adjustThreshold: 20 } },
    });
    expect(readableChanges({ before: settings(false), after: settings(true) }, t, 'en-GB').map(line)).toEqual(
      [
        'Tips on No → Yes',
        'Connect push on No → Yes',
        'Connect pull on Yes → No',
        'Pre-authorisation on No → Yes',
      ],
    );
  });

  it("shows instants in the merchant's zone and calendar days as dates, never as ISO text", () => {
    const lines = readableChanges(
      {
        before: null,
        after: { churnEffectiveAt: '2026-12-31T23:30:00.000Z', validUntil: '2027-01-15', reference: 'D-1' },
      },
      t,
      'en-GB',
      'GBP',
      'Europe/Paris',
    ).map(line);
    expect(lines).toEqual([
      'Churn date 1 Jan 2027, 00:30 CET',
      'Valid until 15 Jan 2027',
      'Deal reference D-1',
    ]);
  });

  it("lists a one-sided entry's nested fields line by line (a site's address), not as a count", () => {
    const after = {
      name: 'Terrace',
      // As the database's JSON gives it back: keys by length.
      address: { city: 'Leeds', line1: '1 High St', line2: null, country: 'GB', postalCode: 'LS1 1AA' },
    };
    const lines = readableChanges({ before: null, after }, t, 'en-GB').map(line);
    expect(lines).toEqual([
      'Name Terrace',
      'Address line 1 1 High St',
      'Address line 2 —',
      'Town or city Leeds',
      'Postcode LS1 1AA',
      'Country code GB',
    ]);
  });
});
