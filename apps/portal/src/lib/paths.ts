import { generatePath, type PathParam } from 'react-router';

/** Every path of SPEC §2.1 by route id (DESIGN §4: the main app lives at the root). */
export const ROUTE_PATHS = {
  // public layout
  'sign-in': '/signin',
  'sign-up': '/signup',
  join: '/join',
  'forgot-password': '/forgot',
  'not-right': '/oops',
  'payment-method-success': '/payment-method-success',
  'companion-tap-to-pay': '/app/tap-to-pay',
  'companion-eod-reports': '/app/eod-reports',
  'companion-capital': '/app/capital',
  // main app layout
  home: '/',
  'payment-methods': '/billing/payment-methods',
  'add-payment-method': '/billing/payment-methods/new',
  invoices: '/billing/invoices',
  'all-devices': '/devices',
  'order-new-device': '/request-new-device',
  'connect-new-device': '/assign-new-device',
  'all-sites': '/sites',
  'edit-site': '/sites/:siteId',
  'site-internal-settings': '/sites/:siteId/internal',
  'new-site': '/new-site',
  transactions: '/transactions',
  payouts: '/payouts',
  'payout-details': '/payouts/:payoutId',
  reports: '/reports',
  'eod-reports': '/eod-reports',
  'reports-download': '/reports/:reportId/download',
  users: '/users',
  'edit-user': '/users/:userId',
  'add-user': '/users/add',
  'company-settings': '/company-settings',
  'staff-company-settings': '/company-settings/staff',
  'manage-companies': '/companies',
  invitations: '/invitations',
  'two-factor': '/two-factor',
  // onboarding layout
  'invited-pending': '/onboarding/pending',
  'onboarding-landing': '/onboarding',
  'onboarding-wizard': '/onboarding/wizard',
  // native-app layout
  'native-capital': '/native-app/capital',
  'native-eod-reports': '/native-app/eod-reports',
  // standalone
  'assign-device': '/assign-device',
  'not-found': '/not-found',
} as const;

export type RouteId = keyof typeof ROUTE_PATHS;
export type RouteParams<Id extends RouteId> = { [K in PathParam<(typeof ROUTE_PATHS)[Id]>]: string };
type SearchInit = Record<string, string | undefined>;

type PathArgs<Id extends RouteId> = [PathParam<(typeof ROUTE_PATHS)[Id]>] extends [never]
  ? [params?: Record<string, never>, search?: SearchInit]
  : [params: RouteParams<Id>, search?: SearchInit];

/** The typed path builder: `pathTo('edit-site', { siteId })`, `pathTo('sign-in', {}, { redirect })`. */
export function pathTo<Id extends RouteId>(id: Id, ...[params, search]: PathArgs<Id>): string {
  const path = generatePath(ROUTE_PATHS[id], params as never);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search ?? {})) if (value !== undefined) query.set(key, value);
  const queryString = query.toString();
  return queryString ? `${path}?${queryString}` : path;
}

/**
 * Only same-origin paths are followed, so a crafted link cannot send a user elsewhere. No control character or
 * backslash anywhere: browsers drop tabs and line breaks from URLs and read "\\" as "/", so "/\t/evil.test"
 * would become "//evil.test".
 */
export function safeRedirectTarget(value: string | null | undefined): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
  if (!value?.startsWith('/') || value.startsWith('//') || /[\u0000-\u001f\u007f\\]/.test(value))
    return pathTo('home');
  return value;
}
