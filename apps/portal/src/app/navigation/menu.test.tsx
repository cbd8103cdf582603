import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aMerchant, aStaffUser, aUser, siteManagerOf } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import type { Merchant } from '../../lib/api/types.ts';
import type { SessionUser } from '../../lib/session/session-store.ts';
import type { GuardContext } from '../guards/guard.ts';
import { MainNavbar } from './main-navbar.tsx';
import { visibleMenu } from './menu.ts';

function base(user: SessionUser, merchants: Merchant[]): Omit<GuardContext, 'routeId' | 'url' | 'params'> {
  return {
    user,
    merchants,
    merchant: merchants[0] ?? null,
    flags: {},
    developer: false,
    hasCompanionTokens: false,
  };
}

const owner = base(aUser(), [aMerchant()]);
const siteManager = base(aUser({ id: 'sm', email: 'sm@example.com' }), [
  aMerchant({ permissions: siteManagerOf('site-1') }),
]);

function labels(context: Omit<GuardContext, 'routeId' | 'url' | 'params'>) {
  return visibleMenu(context).map((group) => [group.labelKey, group.entries.map((entry) => entry.labelKey)]);
}

describe('menus (SPEC §2.3)', () => {
  it('shows an owner every menu except staff-only entries', () => {
    expect(labels(owner)).toEqual([
      ['nav.devices', ['nav.allDevices', 'nav.orderNewDevice', 'nav.connectNewDevice']],
      ['nav.sites', ['nav.allSites', 'nav.newSite']],
      ['nav.reporting', ['nav.transactions', 'nav.payouts', 'nav.reports', 'nav.eodReports']],
      ['nav.billing', ['nav.paymentMethods', 'nav.invoices']],
      ['nav.users', ['nav.users']],
      ['nav.company', ['nav.companySettings', 'nav.manageCompanies', 'nav.addCompany']],
    ]);
  });

  it('shows a site manager only what their site permissions open', () => {
    expect(labels(siteManager)).toEqual([
      ['nav.devices', ['nav.allDevices', 'nav.connectNewDevice']],
      ['nav.sites', ['nav.allSites']],
      ['nav.reporting', ['nav.transactions', 'nav.payouts', 'nav.reports', 'nav.eodReports']],
      ['nav.company', ['nav.addCompany']],
    ]);
  });

  it('shows manage companies to a site manager of two merchants', () => {
    const two = base(aUser(), [
      aMerchant({ permissions: siteManagerOf('s1') }),
      aMerchant({ merchantId: 'm-2', permissions: siteManagerOf('s2') }),
    ]);
    expect(
      visibleMenu(two)
        .find((g) => g.labelKey === 'nav.company')
        ?.entries.map((e) => e.labelKey),
    ).toContain('nav.manageCompanies');
  });

  it('hides a menu entry whose feature flag is off', () => {
    const flagged = { ...owner, flags: { invoices: false } };
    expect(
      visibleMenu(flagged)
        .find((g) => g.labelKey === 'nav.billing')
        ?.entries.map((e) => e.labelKey),
    ).toEqual(['nav.paymentMethods']);
  });

  it('shows staff every entry', () => {
    const staff = base(aStaffUser(), [aMerchant({ permissions: { companyScoped: [], siteScoped: [] } })]);
    expect(visibleMenu(staff).flatMap((g) => g.entries)).toHaveLength(15);
  });
});

describe('MainNavbar', () => {
  let onNavigate: () => void;
  beforeEach(() => {
    onNavigate = () => {};
  });
  afterEach(() => {
    localStorage.clear();
  });

  function renderNavbar(context: Omit<GuardContext, 'routeId' | 'url' | 'params'>) {
    renderRoutes(
      [{ path: '*', Component: () => <MainNavbar guardBase={context} onNavigate={onNavigate} /> }],
      '/',
    );
    return screen.getByRole('navigation', { name: 'Main navigation' });
  }

  it('renders the owner’s Users and Billing links', () => {
    const nav = renderNavbar(owner);
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
    expect(within(nav).getByRole('link', { name: 'Payment methods' })).toHaveAttribute(
      'href',
      '/billing/payment-methods',
    );
  });

  it('renders no Users or Billing links for a site manager', () => {
    const nav = renderNavbar(siteManager);
    expect(within(nav).queryByRole('link', { name: 'Users' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Payment methods' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Transactions' })).toHaveAttribute('href', '/transactions');
  });
});
