import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { demo, signIn, startOverride } from './support.ts';

// Issue 9 §3: the screens each kind of user can open, for the suites that look at them
// (screens-layout-a11y.spec.ts, screens-visual.spec.ts). Ids come from the API, so the lists follow the demo world.

export interface Screen {
  /** A short name for reports and screenshot files. */
  name: string;
  path: string;
  /** The page's level-1 heading, where the screen shows a fixed one (a string matches exactly). */
  heading?: string | RegExp;
}

/**
 * The demo world's ids the screens need, read through the API as the given user. `readyReport`: also a READY
 * report of the merchant (requested here, for /reports/{id}/download), which needs Report:CreateReport.
 */
export async function demoIds(
  request: APIRequestContext,
  user: { email: string; password: string },
  { readyReport = false } = {},
) {
  const signedIn = await request.post('/api/identity/sign-in', {
    data: { email: user.email, password: user.password },
  });
  expect(signedIn.ok()).toBe(true);
  const { accessToken } = (await signedIn.json()).data as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const get = async <T>(path: string): Promise<T> => {
    const response = await request.get(path, { headers });
    expect(response.ok(), path).toBe(true);
    return ((await response.json()) as { data: T }).data;
  };
  const merchants = await get<{ merchantId: string; legalEntityName: string }[]>('/api/merchants');
  const merchant = merchants.find((one) => one.legalEntityName === 'Brightwater Coffee Ltd');
  if (!merchant) throw new Error('the demo world has no Brightwater Coffee Ltd');
  const id = merchant.merchantId;
  const sites = await get<{ siteId: string; displayName: string }[]>(`/api/merchants/${id}/sites`);
  const payouts = await get<{ id: string; siteName: string }[]>(`/api/merchants/${id}/payouts`);
  const reportId = readyReport
    ? await requestReadyReport(request, headers, id, (path) => get(path))
    : undefined;
  return {
    merchantId: id,
    // Shoreditch: the site the demo's site manager manages, so every user opens the same site and payout.
    siteId: sites.find((site) => site.displayName.includes('Shoreditch'))?.siteId as string,
    payoutId: payouts.find((payout) => payout.siteName.includes('Shoreditch'))?.id as string,
    users: await get<{ userId: string; email: string }[]>(`/api/v1/merchants/${id}/users`).catch(() => []),
    reportId,
  };
}

/**
 * Requests a transactions report of the merchant's latest transaction (by its PSP reference, so it does not
 * depend on what day the stack thinks it is) and waits until the job has made it READY.
 */
async function requestReadyReport(
  request: APIRequestContext,
  headers: Record<string, string>,
  merchantId: string,
  get: <T>(path: string) => Promise<T>,
): Promise<string> {
  const [latest] = await get<{ pspReference: string }[]>(`/api/v1/merchants/${merchantId}/transactions`);
  if (!latest) throw new Error('the demo merchant has no transaction to report on');
  const created = await request.post(`/api/v1/merchants/${merchantId}/reports`, {
    headers,
    data: { dataType: 'transactions', pspReferences: [latest.pspReference] },
  });
  expect(created.ok(), 'the report is requested').toBe(true);
  const { reportId } = ((await created.json()) as { data: { reportId: string } }).data;
  await expect
    .poll(
      async () =>
        (await get<{ id: string; state: string }[]>(`/api/v1/merchants/${merchantId}/reports`)).find(
          (report) => report.id === reportId,
        )?.state,
      { message: 'the report becomes READY', timeout: 60_000 },
    )
    .toBe('READY');
  return reportId;
}

export const SIGNED_OUT_SCREENS: Screen[] = [
  { name: 'signin', path: '/signin', heading: 'Sign in to your account' },
  { name: 'join', path: '/join', heading: /Join|Create/ },
  { name: 'forgot', path: '/forgot', heading: /password/i },
  { name: 'oops', path: '/oops', heading: 'Something is not right' },
  { name: 'not-found', path: '/not-found', heading: 'Did you get lost?' },
];

/**
 * The companion app's pages (issue 14 §1): the web views it embeds, opened with the tokens the app stores, and a
 * hand-off page as a computer shows it (the links to the app and the stores, no redirect).
 */
export const COMPANION_SCREENS: Screen[] = [
  { name: 'native-eod-reports', path: '/native-app/eod-reports', heading: 'End of day reports' },
  { name: 'native-capital', path: '/native-app/capital', heading: 'Capital' },
  { name: 'tap-to-pay', path: '/app/tap-to-pay', heading: 'Tap to pay' },
];

/**
 * The API's time as a function of the real one: its clock may start elsewhere (CLOCK_START, the visual stack).
 * Read from an access token's issue time (whole seconds), which is enough for 30-second authenticator codes.
 */
export async function serverClock(
  request: APIRequestContext,
  user: { email: string; password: string },
): Promise<() => number> {
  const signedIn = await request.post('/api/identity/sign-in', {
    data: { email: user.email, password: user.password },
  });
  expect(signedIn.ok()).toBe(true);
  const { accessToken } = (await signedIn.json()).data as { accessToken: string };
  const claims = JSON.parse(Buffer.from(accessToken.split('.')[1] as string, 'base64url').toString()) as {
    iat: number;
  };
  const offset = claims.iat * 1000 + 500 - Date.now();
  return () => Date.now() + offset;
}

/** Signs in through the identity API and stores the tokens where the companion app leaves them for its web view. */
export async function asCompanionApp(page: Page, user: { email: string; password: string }): Promise<void> {
  const signedIn = await page.request.post('/api/identity/sign-in', {
    data: { email: user.email, password: user.password },
  });
  expect(signedIn.ok()).toBe(true);
  const { idToken, accessToken, expiresAt } = (await signedIn.json()).data as Record<string, string>;
  await page.addInitScript((stored) => localStorage.setItem('mp.companionTokens', JSON.stringify(stored)), {
    idToken,
    accessToken,
    expiresAt,
  });
}

type Ids = Awaited<ReturnType<typeof demoIds>>;

/** Every screen of the main menu and their detail screens a GB owner opens. */
export function ownerScreens(ids: Ids): Screen[] {
  const manager = ids.users.find((user) => user.email === demo.gbManager.email);
  return [
    { name: 'home', path: '/', heading: 'Home' },
    { name: 'devices', path: '/devices', heading: 'Devices' },
    { name: 'order-device', path: '/request-new-device', heading: 'Order a device' },
    { name: 'connect-device', path: '/assign-new-device', heading: 'Connect a new device' },
    { name: 'sites', path: '/sites', heading: 'Sites' },
    { name: 'edit-site', path: `/sites/${ids.siteId}`, heading: /Shoreditch|Edit site/ },
    { name: 'new-site', path: '/new-site', heading: 'New site' },
    { name: 'transactions', path: '/transactions', heading: 'Transactions' },
    { name: 'payouts', path: '/payouts', heading: 'Payouts' },
    { name: 'payout-details', path: `/payouts/${ids.payoutId}`, heading: /Payout/ },
    { name: 'reports', path: '/reports', heading: 'Reports' },
    { name: 'eod-reports', path: '/eod-reports', heading: 'End of day reports' },
    ...(ids.reportId
      ? [{ name: 'report-download', path: `/reports/${ids.reportId}/download`, heading: 'Report download' }]
      : []),
    { name: 'payment-methods', path: '/billing/payment-methods', heading: 'Payment methods' },
    { name: 'add-payment-method', path: '/billing/payment-methods/new', heading: 'Add payment method' },
    { name: 'invoices', path: '/billing/invoices', heading: 'Invoices' },
    { name: 'users', path: '/users', heading: 'Users' },
    { name: 'add-user', path: '/users/add', heading: /Add a user|Invite/ },
    ...(manager
      ? [{ name: 'edit-user', path: `/users/${manager.userId}`, heading: /Sam Patel|Edit user/ }]
      : []),
    { name: 'company-settings', path: '/company-settings', heading: 'Company settings' },
    { name: 'companies', path: '/companies', heading: 'Manage companies' },
    { name: 'invitations', path: '/invitations', heading: /Invitations/ },
    // The standalone page a phone held next to a terminal opens (no menu).
    { name: 'assign-device', path: '/assign-device', heading: 'Assign a device' },
  ];
}

/** What a GB site manager (Shoreditch) opens. */
export function managerScreens(ids: Ids): Screen[] {
  return [
    { name: 'home', path: '/', heading: 'Home' },
    { name: 'devices', path: '/devices', heading: 'Devices' },
    { name: 'sites', path: '/sites', heading: 'Sites' },
    { name: 'transactions', path: '/transactions', heading: 'Transactions' },
    { name: 'payouts', path: '/payouts', heading: 'Payouts' },
    { name: 'payout-details', path: `/payouts/${ids.payoutId}`, heading: /Payout/ },
    { name: 'reports', path: '/reports', heading: 'Reports' },
    { name: 'eod-reports', path: '/eod-reports', heading: 'End of day reports' },
  ];
}

/** What staff open once they act in Brightwater (after an override), and before. */
export function staffScreens(ids: Ids): Screen[] {
  return [
    { name: 'home', path: '/', heading: 'Home' },
    { name: 'company-settings', path: '/company-settings', heading: 'Company settings' },
    { name: 'staff-company-settings', path: '/company-settings/staff', heading: 'Staff company settings' },
    { name: 'site-internal', path: `/sites/${ids.siteId}/internal`, heading: /internal settings/i },
    { name: 'users', path: '/users', heading: 'Users' },
    { name: 'transactions', path: '/transactions', heading: 'Transactions' },
  ];
}

/**
 * Signs in from /signin and waits for the first screen (its heading), allowing a loaded machine 30 s. `now`: the
 * API's time, for the authenticator code (see serverClock).
 */
export async function signInAs(
  page: Page,
  user: { email: string; password: string },
  heading = 'Home',
  now?: () => number,
): Promise<void> {
  await page.goto('/signin');
  await signIn(page, user, now);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 30_000 });
}

/**
 * Staff act in a merchant only through an override with a reason (SPEC §4), started from /companies (where
 * `signedIn` staff already are). `now`: the API's time, see signIn.
 */
export async function staffOverrideInto(
  page: Page,
  legalEntityName: string,
  { signedIn = false, now }: { signedIn?: boolean; now?: () => number } = {},
): Promise<void> {
  if (!signedIn) await signInAs(page, demo.staff, 'Manage companies', now);
  await startOverride(page, legalEntityName, 'Ticket 9: screens check');
  // The dialog takes staff home once the override has begun: wait for that landing, or a screen opened next
  // would be replaced by it (the banner shows before home's route has loaded).
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
}

/**
 * Opens a screen and waits until it has settled: its heading is shown and nothing is loading (no skeleton, no
 * loader, no busy region), so what is measured or photographed is the finished screen.
 */
export async function openScreen(page: Page, screen: Screen): Promise<void> {
  if (page.url().startsWith('http')) {
    // Already in the portal: move in the app, as a link would, instead of loading and starting it again.
    await page.evaluate((path) => {
      window.history.pushState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, screen.path);
  } else {
    await page.goto(screen.path);
  }
  await settle(page, screen);
}

export async function settle(page: Page, screen: Screen): Promise<void> {
  const heading =
    typeof screen.heading === 'string'
      ? page.getByRole('heading', { level: 1, name: screen.heading, exact: true })
      : page.getByRole('heading', { level: 1, name: screen.heading });
  await expect(heading, `${screen.path} shows its heading`).toBeVisible({ timeout: 20_000 });
  // Still on the screen asked for: no guard sent the user elsewhere.
  expect(new URL(page.url()).pathname, `${screen.path} opens`).toBe(screen.path.split('?')[0]);
  await expect(
    page.locator(
      '[aria-busy="true"], .mantine-Loader-root, .mantine-Skeleton-root[data-visible], [role=status][aria-label="Loading…"]',
    ),
    `${screen.path} finishes loading`,
  ).toHaveCount(0, { timeout: 20_000 });
}
