import { describe, expect, it, vi } from 'vitest';
import { aContext, aMerchant, aStaffUser, aUser, siteManagerOf } from '../../../test/fixtures.ts';
import type { RouteId } from '../../lib/paths.ts';
import { type GuardContext, type GuardEffects, guardsAllow, runGuards } from './guard.ts';
import { guardsFor } from './route-guards.ts';

const effects: GuardEffects = {
  clearMerchant: (context) => ({ ...context, merchant: null }),
  restoreCompanionSession: (context) => ({ ...context, user: aUser() }),
};

function open(routeId: RouteId, context: Partial<GuardContext>, path: string) {
  return runGuards(guardsFor(routeId), aContext({ routeId, ...context }, path), effects);
}

describe('guard chains per route', () => {
  it('checks sign-in before the app-start check on the main layout', async () => {
    expect(await open('transactions', { user: null }, '/transactions')).toEqual({
      type: 'redirect',
      to: '/signin?redirect=%2Ftransactions',
    });
  });
  it('runs the app-start check before the route’s own guards', async () => {
    expect(await open('users', { merchant: null }, '/users')).toEqual({
      type: 'redirect',
      to: '/onboarding',
    });
  });
  it('sends a site manager opening /users to /not-found', async () => {
    const merchant = aMerchant({ permissions: siteManagerOf('s1') });
    expect(await open('users', { merchant, merchants: [merchant] }, '/users')).toEqual({
      type: 'redirect',
      to: '/not-found',
    });
  });
  it('lets an owner open /users', async () => {
    expect((await open('users', {}, '/users')).type).toBe('continue');
  });
  it('checks edit-site against the siteId of the path', async () => {
    const merchant = aMerchant({ permissions: siteManagerOf('s1') });
    const allowed = await open('edit-site', { merchant, params: { siteId: 's1' } }, '/sites/s1');
    const refused = await open('edit-site', { merchant, params: { siteId: 's2' } }, '/sites/s2');
    expect(allowed.type).toBe('continue');
    expect(refused).toEqual({ type: 'redirect', to: '/not-found' });
  });
  it('keeps staff-only routes for staff', async () => {
    expect(await open('site-internal-settings', {}, '/sites/s1/internal')).toEqual({
      type: 'redirect',
      to: '/not-found',
    });
    expect(
      (await open('staff-company-settings', { user: aStaffUser() }, '/company-settings/staff')).type,
    ).toBe('continue');
  });
  it('opens /invitations to a signed-in user without a merchant, and sends a signed-out one through sign-in', async () => {
    expect((await open('invitations', { merchant: null, merchants: [] }, '/invitations')).type).toBe(
      'continue',
    );
    expect(await open('invitations', { user: null }, '/invitations')).toEqual({
      type: 'redirect',
      to: '/signin?redirect=%2Finvitations',
    });
  });
  it('sends staff whose session passed no second factor to /two-factor before anything else opens (issue 15)', async () => {
    const unverified = aUser({ id: 'staff-2', groups: ['Staff'] });
    expect(await open('manage-companies', { user: unverified, merchant: null }, '/companies')).toEqual({
      type: 'redirect',
      to: '/two-factor?redirect=%2Fcompanies',
    });
    expect(await open('transactions', { user: unverified }, '/transactions?page=2')).toEqual({
      type: 'redirect',
      to: '/two-factor?redirect=%2Ftransactions%3Fpage%3D2',
    });
    // The set-up screen itself opens, and verified staff pass.
    expect((await open('two-factor', { user: unverified }, '/two-factor')).type).toBe('continue');
    expect((await open('manage-companies', { user: aStaffUser(), merchant: null }, '/companies')).type).toBe(
      'continue',
    );
    // Merchant users are not asked unless their merchant requires it.
    expect((await open('transactions', {}, '/transactions')).type).toBe('continue');
  });
  it('applies the feature flag of the route last', async () => {
    expect(await open('payouts', { flags: { payouts: false } }, '/payouts')).toEqual({
      type: 'redirect',
      to: '/not-found',
    });
  });
  it('turns a signed-in user away from /signin and /forgot', async () => {
    expect(await open('sign-in', {}, '/signin?redirect=%2Fpayouts')).toEqual({
      type: 'redirect',
      to: '/payouts',
    });
    expect(await open('forgot-password', {}, '/forgot')).toEqual({ type: 'redirect', to: '/' });
  });
  it('clears the merchant on /onboarding?deal= and then lets a verified merchant stay', async () => {
    const clearMerchant = vi.fn((context: GuardContext) => ({ ...context, merchant: null }));
    const outcome = await runGuards(
      guardsFor('onboarding-landing'),
      aContext({ routeId: 'onboarding-landing' }, '/onboarding?deal=D-1'),
      { ...effects, clearMerchant },
    );
    expect(clearMerchant).toHaveBeenCalledOnce();
    expect(outcome.type).toBe('continue');
  });
  it('sends a verified merchant away from /onboarding without a deal', async () => {
    expect(await open('onboarding-landing', {}, '/onboarding')).toEqual({ type: 'redirect', to: '/' });
  });
  it('sends an unconfigured user from onboarding to /onboarding/pending', async () => {
    expect(
      await open('onboarding-wizard', { user: aUser({ isConfigured: false }) }, '/onboarding/wizard'),
    ).toEqual({ type: 'redirect', to: '/onboarding/pending' });
  });
  it('restores the companion session on native-app pages', async () => {
    const outcome = await open(
      'native-eod-reports',
      { user: null, hasCompanionTokens: true },
      '/native-app/eod-reports',
    );
    expect(outcome.type).toBe('continue');
  });
  it('opens /native-app/capital to a restored companion session (no developer flag since issue 14)', async () => {
    expect(
      (await open('native-capital', { user: null, hasCompanionTokens: true }, '/native-app/capital')).type,
    ).toBe('continue');
    expect(await open('native-capital', { user: null }, '/native-app/capital')).toEqual({
      type: 'redirect',
      to: '/not-found',
    });
  });
  it('lets the /app/* hand-off pages open with the disable flag: the page says why (issue 14 §1)', async () => {
    expect((await open('companion-tap-to-pay', { user: null }, '/app/tap-to-pay')).type).toBe('continue');
  });
  it('lets anyone open the not-found page', async () => {
    expect((await open('not-found', { user: null }, '/not-found')).type).toBe('continue');
  });
});

describe('guardsAllow (menus)', () => {
  it('simulates the merchant clear of a deal query without calling effects', () => {
    const context = aContext({ routeId: 'onboarding-landing' }, '/onboarding?deal=new');
    expect(guardsAllow(guardsFor('onboarding-landing'), context)).toBe(true);
  });
  it('is false when a guard redirects', () => {
    expect(guardsAllow(guardsFor('staff-company-settings'), aContext())).toBe(false);
  });
});
