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
    expect(readableChanges({ before, after }, t, 'en-GB', { currency: 'EUR' }).map(line)).toEqual([
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

  it("names roles, and a user's site roles by the site's name, instead of printing JSON", () => {
    const sites = [
      { siteId: 's1', name: 'high_street', displayName: 'High Street' },
      { siteId: 's2', name: 'Harbour', displayName: null },
    ];
    const before = {
      companyRoles: [],
      siteRoles: [
        { siteId: 's1', roles: ['SiteManager'] },
        { siteId: 's-gone', roles: ['SiteManager'] },
      ],
      firstName: 'Sam',
    };
    const after = {
      companyRoles: ['CompanyOwner'],
      siteRoles: [{ siteId: 's2', roles: ['SiteManager'] }],
      firstName: 'Samuel',
    };
    const lines = readableChanges({ before, after }, t, 'en-GB', { sites }).map(line);
    expect(lines).toEqual([
      'Company roles — → Company owner',
      'Sites High Street: Site manager; A site no longer listed: Site manager → Harbour: Site manager',
      'First name Sam → Samuel',
    ]);
  });

  it("reads a rates entry's lists item by item: discounts, monthly fees, credits, opening hours", () => {
    const rates = (closes: string, credit: number) => ({
      discounts: [{ description: 'Welcome', percent: 0.5, durationMonths: 3, startsOn: '2026-01-01' }],
      monthlyFees: [
        {
          description: 'PCI',
          amount: 500,
          startsOn: '2026-01-01',
          endsOn: closes === '18:00' ? '2026-12-31' : null,
        },
      ],
      credits: credit ? [{ description: 'Goodwill', amount: credit, startsOn: '2026-02-01' }] : [],
      currency: 'GBP',
      tradingHours: {
        monday: [
          { opens: '09:00', closes: '12:00' },
          { opens: '13:00', closes },
        ],
        sunday: closes === '18:00' ? [] : [{ opens: '10:00', closes: '16:00' }],
      },
    });
    const lines = readableChanges(
      { before: rates('17:00', 0), after: rates('18:00', 1_000) },
      t,
      'en-GB',
    ).map(line);
    expect(lines).toEqual([
      'Monthly fees PCI: £5.00 a month from 1 Jan 2026 → PCI: £5.00 a month from 1 Jan 2026 until 31 Dec 2026',
      'Credits — → Goodwill: £10.00 from 1 Feb 2026',
      'Monday 09:00–12:00; 13:00–17:00 → 09:00–12:00; 13:00–18:00',
      'Sunday 10:00–16:00 → —',
    ]);
    expect(
      readableChanges(
        { before: rates('17:00', 0), after: { ...rates('17:00', 0), discounts: [] } },
        t,
        'en-GB',
      ).map(line),
    ).toEqual(['Discounts Welcome: 0.50 % for 3 months from 1 Jan 2026 → —']);
  });

  it("reads a device order's lines as quantity, model, price and how they are paid", () => {
    const after = {
      lines: [
        { kind: 'device', model: 'with-printer', quantity: 2, unitAmount: 1_500, billing: 'monthly' },
        { kind: 'dock', model: 'with-printer', quantity: 1, unitAmount: 2_500, billing: 'outright' },
      ],
      currency: 'GBP',
    };
    expect(readableChanges({ before: null, after }, t, 'en-GB').map(line)).toEqual([
      'Lines 2 × Terminal with printer, £15.00 each, rented monthly; 1 × dock for Terminal with printer, £25.00 each, bought outright',
    ]);
  });

  it("reads a one-off invoice's lines as description and amount", () => {
    const after = {
      number: 'OO-2',
      currency: 'EUR',
      lines: [
        { description: 'Card machine', amount: 9_900 },
        { description: 'Paper rolls', amount: 1_250 },
      ],
    };
    expect(readableChanges({ before: null, after }, t, 'en-GB').map(line)).toEqual([
      'Invoice number OO-2',
      'Lines Card machine: €99.00; Paper rolls: €12.50',
    ]);
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
      { currency: 'GBP', timeZone: 'Europe/Paris' },
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
