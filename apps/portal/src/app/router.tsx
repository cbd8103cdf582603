import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { loadSignedInTexts } from '../lib/i18n/i18n.ts';
import type { Crumb, RouteHandle } from '../lib/navigation/route-handle.ts';
import { pathTo, ROUTE_PATHS, type RouteId } from '../lib/paths.ts';
import { guardLoader, type LoadPrefetch } from './guards/guard-loader.ts';
import { RouteErrorBoundary } from './layouts/route-error-boundary.tsx';
import { RouteLoading } from './layouts/route-loading.tsx';
import type { ScreenPrefetch } from './screens/prefetch.ts';

type PrefetchModule = typeof import('./screens/prefetch.ts');
type ScreenModule = () => Promise<{ default: ComponentType }>;
const component = (load: ScreenModule) => async () => ({ Component: (await load()).default });
/** A signed-in layout or screen: its module and the signed-in texts arrive together. */
const signedInComponent = (load: ScreenModule) => async () => {
  const [module] = await Promise.all([load(), loadSignedInTexts()]);
  return { Component: module.default };
};

interface ScreenOptions {
  /** Public pages only check whether someone is signed in; everything else loads the merchants. */
  needsMerchants?: boolean;
  crumbs?: Crumb[];
  /** The screen's first requests, sent by its loader while its code downloads (issue 16 §2). */
  prefetch?: LoadPrefetch;
}

/** The one route table (SPEC §2.1): route ids are SPEC's labels, every screen is loaded lazily. */
export function createRoutes(): RouteObject[] {
  const screen = (id: RouteId, load: ScreenModule, options: ScreenOptions = {}): RouteObject => ({
    id,
    path: ROUTE_PATHS[id],
    loader: guardLoader(id, options.needsMerchants ?? true, options.prefetch),
    lazy: (options.needsMerchants ?? true) ? signedInComponent(load) : component(load),
    handle: { crumbs: options.crumbs } satisfies RouteHandle,
  });
  const publicScreen = (id: RouteId, load: ScreenModule) => screen(id, load, { needsMerchants: false });
  const crumbs = (...trail: [string, RouteId?][]): ScreenOptions => ({
    crumbs: trail.map(([labelKey, routeId]) => (routeId ? { labelKey, routeId } : { labelKey })),
  });
  const prefetch =
    (pick: (module: PrefetchModule) => ScreenPrefetch): LoadPrefetch =>
    () =>
      import('./screens/prefetch.ts').then(pick);
  const signUpGuard = guardLoader('sign-up', false);
  const billing: [string] = ['nav.billing'];
  const reporting: [string] = ['nav.reporting'];

  return [
    {
      id: 'root',
      ErrorBoundary: RouteErrorBoundary,
      HydrateFallback: RouteLoading,
      children: [
        {
          id: 'public-layout',
          lazy: component(() => import('./layouts/public-layout.tsx')),
          children: [
            publicScreen('sign-in', () => import('../features/session/routes/sign-in.tsx')),
            {
              id: 'sign-up',
              path: ROUTE_PATHS['sign-up'],
              // SPEC §2.1 "redirects to /join", after its guards (SPEC §2.2: the feature flag of sign-up).
              loader: async (args) => {
                await signUpGuard(args);
                return redirect(`${pathTo('join')}${new URL(args.request.url).search}`);
              },
            },
            publicScreen('join', () => import('../features/session/routes/join.tsx')),
            publicScreen('forgot-password', () => import('../features/session/routes/forgot-password.tsx')),
            publicScreen('not-right', () => import('../features/errors/routes/not-right.tsx')),
            publicScreen(
              'payment-method-success',
              () => import('../features/billing/routes/payment-method-success.tsx'),
            ),
            publicScreen('companion-tap-to-pay', () =>
              import('../features/companion/routes/hand-off-screens.tsx').then((m) => ({
                default: m.TapToPayRedirectScreen,
              })),
            ),
            publicScreen('companion-eod-reports', () =>
              import('../features/companion/routes/hand-off-screens.tsx').then((m) => ({
                default: m.EodReportsRedirectScreen,
              })),
            ),
            publicScreen('companion-capital', () =>
              import('../features/companion/routes/hand-off-screens.tsx').then((m) => ({
                default: m.CapitalRedirectScreen,
              })),
            ),
            publicScreen('not-found', () => import('../features/errors/routes/not-found.tsx')),
            {
              id: 'catch-all',
              path: '*',
              lazy: component(() => import('../features/errors/routes/not-found.tsx')),
            },
          ],
        },
        {
          id: 'main-layout',
          lazy: signedInComponent(() => import('./layouts/main-layout.tsx')),
          children: [
            screen('home', () => import('../features/home/routes/home.tsx'), {
              prefetch: prefetch((m) => m.prefetchHome),
            }),
            screen(
              'payment-methods',
              () => import('../features/billing/routes/payment-methods.tsx'),
              crumbs(billing, ['nav.paymentMethods']),
            ),
            screen(
              'add-payment-method',
              () => import('../features/billing/routes/add-payment-method.tsx'),
              crumbs(billing, ['nav.paymentMethods', 'payment-methods'], ['routes.add-payment-method']),
            ),
            screen(
              'invoices',
              () => import('../features/billing/routes/invoices.tsx'),
              crumbs(billing, ['nav.invoices']),
            ),
            screen(
              'all-devices',
              () => import('../features/devices/routes/all-devices.tsx'),
              crumbs(['nav.devices']),
            ),
            screen(
              'order-new-device',
              () => import('../features/devices/routes/order-new-device.tsx'),
              crumbs(['nav.devices', 'all-devices'], ['routes.order-new-device']),
            ),
            screen(
              'connect-new-device',
              () => import('../features/devices/routes/connect-new-device.tsx'),
              crumbs(['nav.devices', 'all-devices'], ['routes.connect-new-device']),
            ),
            screen(
              'all-sites',
              () => import('../features/sites/routes/all-sites.tsx'),
              crumbs(['nav.sites']),
            ),
            screen(
              'edit-site',
              () => import('../features/sites/routes/edit-site.tsx'),
              crumbs(['nav.sites', 'all-sites'], ['routes.edit-site']),
            ),
            screen(
              'site-internal-settings',
              () => import('../features/sites/routes/site-internal-settings.tsx'),
              crumbs(
                ['nav.sites', 'all-sites'],
                ['routes.edit-site', 'edit-site'],
                ['routes.site-internal-settings'],
              ),
            ),
            screen(
              'new-site',
              () => import('../features/sites/routes/new-site.tsx'),
              crumbs(['nav.sites', 'all-sites'], ['routes.new-site']),
            ),
            screen('transactions', () => import('../features/transactions/routes/transactions.tsx'), {
              ...crumbs(reporting, ['nav.transactions']),
              prefetch: prefetch((m) => m.prefetchTransactions),
            }),
            screen(
              'payouts',
              () => import('../features/payouts/routes/payouts.tsx'),
              crumbs(reporting, ['nav.payouts']),
            ),
            screen(
              'payout-details',
              () => import('../features/payouts/routes/payout-details.tsx'),
              crumbs(reporting, ['nav.payouts', 'payouts'], ['routes.payout-details']),
            ),
            screen(
              'reports',
              () => import('../features/reporting/routes/reports.tsx'),
              crumbs(reporting, ['nav.reports']),
            ),
            screen(
              'eod-reports',
              () => import('../features/reporting/routes/eod-reports.tsx'),
              crumbs(reporting, ['nav.eodReports']),
            ),
            screen(
              'reports-download',
              () => import('../features/reporting/routes/reports-download.tsx'),
              crumbs(reporting, ['nav.reports', 'reports'], ['routes.reports-download']),
            ),
            screen('users', () => import('../features/users/routes/users.tsx'), crumbs(['nav.users'])),
            screen(
              'add-user',
              () => import('../features/users/routes/add-user.tsx'),
              crumbs(['nav.users', 'users'], ['routes.add-user']),
            ),
            screen(
              'edit-user',
              () => import('../features/users/routes/edit-user.tsx'),
              crumbs(['nav.users', 'users'], ['routes.edit-user']),
            ),
            screen('company-settings', () => import('./screens/company-settings.tsx'), {
              ...crumbs(['nav.company'], ['routes.company-settings']),
              prefetch: prefetch((m) => m.prefetchCompanySettings),
            }),
            screen(
              'staff-company-settings',
              () => import('./screens/staff-company-settings.tsx'),
              crumbs(['routes.company-settings', 'company-settings'], ['nav.staff']),
            ),
            screen(
              'manage-companies',
              () => import('./screens/manage-companies.tsx'),
              crumbs(['nav.company'], ['routes.manage-companies']),
            ),
          ],
        },
        {
          id: 'onboarding-layout',
          lazy: signedInComponent(() => import('./layouts/onboarding-layout.tsx')),
          children: [
            screen('invited-pending', () => import('../features/onboarding/routes/invited-pending.tsx')),
            screen(
              'onboarding-landing',
              () => import('../features/onboarding/routes/onboarding-landing.tsx'),
            ),
            screen('onboarding-wizard', () => import('../features/onboarding/routes/onboarding-wizard.tsx')),
            screen('invitations', () => import('../features/invitations/routes/invitations.tsx')),
            screen('two-factor', () => import('../features/session/routes/two-factor-required.tsx')),
          ],
        },
        {
          id: 'native-app-layout',
          lazy: signedInComponent(() => import('./layouts/native-app-layout.tsx')),
          children: [
            screen('native-capital', () => import('../features/companion/routes/native-capital.tsx')),
            screen('native-eod-reports', () => import('../features/companion/routes/native-eod-reports.tsx')),
          ],
        },
        {
          id: 'standalone-layout',
          lazy: signedInComponent(() => import('./layouts/bare-layout.tsx')),
          children: [screen('assign-device', () => import('../features/devices/routes/assign-device.tsx'))],
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createRoutes());
}
