import { type Browser, expect, type Page, test } from '@playwright/test';
import { demo, signIn, startOverride } from './support.ts';

// Issue 14 §1: the companion app's hand-off pages and the web views it embeds (SPEC §2.1, §4).

const PIXEL_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const PLAY_STORE = 'https://play.google.com/store/apps/details?id=com.example.companion';

/** A phone: an Android user agent at a phone's size. */
async function androidPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    userAgent: PIXEL_UA,
    viewport: { width: 412, height: 915 },
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}

/** Answers the Play Store page here (no network), counting visits. */
async function standInPlayStore(page: Page): Promise<{ visits: number }> {
  const store = { visits: 0 };
  await page.context().route('https://play.google.com/**', async (route) => {
    store.visits += 1;
    await route.fulfill({
      contentType: 'text/html',
      body: '<title>Google Play</title><h1>Companion app</h1>',
    });
  });
  return store;
}

test.describe('companion app hand-off pages', () => {
  test('/app/tap-to-pay on an Android phone opens the app link, then the Play Store when the app did not open', async ({
    browser,
  }) => {
    const page = await androidPhone(browser);
    const store = await standInPlayStore(page);
    await page.goto('/app/tap-to-pay');
    await expect(page.getByRole('heading', { name: 'Tap to pay' })).toBeVisible();
    await expect(page.getByText('Opening the companion app…')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open the app' })).toHaveAttribute(
      'href',
      'mpcompanion://tap-to-pay',
    );
    await expect(page.getByRole('link', { name: 'Google Play' })).toHaveAttribute('href', PLAY_STORE);
    // No app answers the custom scheme in this browser, so the page stays in front and falls back.
    await page.waitForURL(PLAY_STORE);
    await expect(page.getByRole('heading', { name: 'Companion app' })).toBeVisible();
    expect(store.visits).toBe(1);
    await page.context().close();
  });

  test('/app/tap-to-pay with the stored disable flag stays put and says why', async ({ browser }) => {
    const page = await androidPhone(browser);
    const store = await standInPlayStore(page);
    await page.addInitScript(() => localStorage.setItem('mp.companionRedirectsDisabled', 'true'));
    await page.clock.install();
    await page.goto('/app/tap-to-pay');
    await expect(page.getByRole('heading', { name: 'Tap to pay' })).toBeVisible();
    await expect(page.getByText('Opening the app is switched off here')).toBeVisible();
    await expect(page.getByText(/set not to open the companion app from this page/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open the app' })).toHaveCount(0);
    // Far past any fallback wait: still here, and the store was never asked.
    await page.clock.runFor(30_000);
    expect(new URL(page.url()).pathname).toBe('/app/tap-to-pay');
    expect(store.visits).toBe(0);
    await page.context().close();
  });

  test('on a computer the page offers the app link and both stores without going anywhere', async ({
    page,
  }) => {
    await page.goto('/app/eod-reports');
    await expect(page.getByRole('heading', { name: 'End of day reports' })).toBeVisible();
    await expect(page.getByText(/Open it on the phone the app is installed on/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open the app' })).toHaveAttribute(
      'href',
      'mpcompanion://eod-reports',
    );
    await expect(page.getByRole('link', { name: 'App Store' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Google Play' })).toBeVisible();
  });
});

interface Tokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
  expiresAt: string | number;
}

/**
 * Plays the companion app: signs in through the identity API, leaves the tokens where the app stores them for its
 * web view, and takes the page's messages through a React Native WebView stand-in (`window.ReactNativeWebView`).
 */
async function asCompanionApp(page: Page, user: { email: string; password: string }) {
  const signedIn = await page.request.post('/api/identity/sign-in', {
    data: { email: user.email, password: user.password },
  });
  expect(signedIn.ok()).toBe(true);
  const tokens = (await signedIn.json()).data as Tokens;
  const received: { type: string; expiresAt?: string }[] = [];
  await page.exposeFunction('companionAppReceives', (json: string) => {
    received.push(JSON.parse(json));
  });
  await page.addInitScript(
    (stored) => {
      localStorage.setItem('mp.companionTokens', JSON.stringify(stored));
      const bridge = window as unknown as { companionAppReceives(json: string): void };
      Object.assign(window, {
        ReactNativeWebView: { postMessage: (json: string) => bridge.companionAppReceives(json) },
      });
    },
    { idToken: tokens.idToken, accessToken: tokens.accessToken, expiresAt: tokens.expiresAt },
  );
  return { tokens, received };
}

test.describe('native-app web views', () => {
  test('without tokens from the app the web view is not found', async ({ page }) => {
    await page.goto('/native-app/eod-reports');
    await expect(page).toHaveURL(/\/not-found$/);
    await expect(page.getByRole('heading', { name: 'Did you get lost?' })).toBeVisible();
  });

  test("restores the app's session in the owner's saved language, without portal chrome, and refreshes it when the app sends new tokens", async ({
    page,
  }) => {
    const app = await asCompanionApp(page, demo.frOwner);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.clock.install();
    await page.goto('/native-app/eod-reports');
    // SPEC §9: the restored French owner reads French.
    await expect(page.getByRole('heading', { name: 'Rapports de fin de journée' })).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Aide' })).toHaveCount(0);
    expect(app.received).toEqual([]);

    // Eleven minutes on (the access token lasts 15): the 60-second check finds under 5 minutes left and asks.
    await page.clock.fastForward('11:00');
    await expect.poll(() => app.received.map((message) => message.type)).toContain('refresh-tokens');

    // The app refreshes its own session with the identity API and hands the new tokens to the web view.
    const refresh = await page.request.post('/api/identity/refresh', {
      data: { refreshToken: app.tokens.refreshToken },
    });
    expect(refresh.ok()).toBe(true);
    const fresh = (await refresh.json()).data as Tokens;
    await page.evaluate(
      ({ idToken, accessToken }) =>
        window.dispatchEvent(
          new MessageEvent('message', {
            data: JSON.stringify({ type: 'tokens-refreshed', idToken, accessToken }),
          }),
        ),
      fresh,
    );
    await expect.poll(() => app.received.map((message) => message.type)).toContain('session-refreshed');
    const session = await page.evaluate(() => JSON.parse(localStorage.getItem('mp.session') ?? 'null'));
    expect(session.tokens.accessToken).toBe(fresh.accessToken);
    expect(session.tokens.accessToken).not.toBe(app.tokens.accessToken);
    await expect(page.getByRole('heading', { name: 'Rapports de fin de journée' })).toBeVisible();
  });

  test('shows the capital offer from 90 days of card takings and sends a request', async ({ page }) => {
    await asCompanionApp(page, demo.gbOwner);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/native-app/capital');
    await expect(page.getByRole('heading', { name: 'Capital', exact: true })).toBeVisible();
    await expect(page.getByText('Card takings, last 90 days')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your capital offer' })).toBeVisible();
    await expect(page.getByText("10% of each day's card takings")).toBeVisible();
    await page.getByRole('button', { name: /^Request £/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Request this capital?' });
    await dialog.getByRole('button', { name: 'Request capital' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByText(/^You requested £[\d,.]+ on .*We are reviewing your request\.$/),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Request £/ })).toHaveCount(0);
  });

  test('a site manager is told plainly that capital is for company owners', async ({ page }) => {
    await asCompanionApp(page, demo.gbManager);
    await page.goto('/native-app/capital');
    await expect(page.getByText('Only company owners can see and request capital offers.')).toBeVisible();
  });
});

test.describe('capital decisions', () => {
  /** Staff override into Brightwater and open its staff company page, at the capital requests. */
  async function staffAtCapitalRequests(browser: Browser): Promise<Page> {
    const staff = await (await browser.newContext()).newPage();
    await staff.goto('/signin');
    await signIn(staff, demo.staff);
    await expect(staff.getByRole('heading', { name: 'Manage companies' })).toBeVisible();
    await startOverride(staff, 'Brightwater Coffee Ltd', 'Ticket 5120: capital review');
    await staff.goto('/company-settings/staff');
    await expect(staff.getByRole('heading', { name: 'Capital requests' })).toBeVisible({ timeout: 20_000 });
    return staff;
  }

  /** The owner's web view requests today's offer unless a request is already open. */
  async function ownerRequests(page: Page) {
    await page.goto('/native-app/capital');
    await expect(page.getByRole('heading', { name: 'Your capital offer' })).toBeVisible();
    const requestButton = page.getByRole('button', { name: /^Request £/ });
    const reviewing = page.getByText(/We are reviewing your request\.$/);
    await expect(requestButton.or(reviewing)).toBeVisible();
    if (await requestButton.isVisible()) {
      await requestButton.click();
      await page
        .getByRole('dialog', { name: 'Request this capital?' })
        .getByRole('button', { name: 'Request capital' })
        .click();
    }
    await expect(reviewing).toBeVisible();
  }

  test('staff decline a request with a reason, then approve the next; the owner sees each decision', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await asCompanionApp(page, demo.gbOwner);
    await page.setViewportSize({ width: 390, height: 844 });
    await ownerRequests(page);

    const staff = await staffAtCapitalRequests(browser);
    const section = staff.locator('section', {
      has: staff.getByRole('heading', { name: 'Capital requests' }),
    });
    await section.getByRole('button', { name: 'Decline' }).click();
    const decline = staff.getByRole('dialog', { name: 'Decline this capital request?' });
    await expect(decline).toContainText('Brightwater Coffee Ltd asked for £');
    await decline.getByLabel(/^Reason for the owners/).fill('Takings fell sharply last month.');
    await decline.getByRole('button', { name: 'Decline' }).click();
    await expect(decline).toBeHidden();
    await expect(
      section.getByRole('row').filter({ hasText: 'Takings fell sharply last month.' }),
    ).toContainText('Declined');

    await page.reload();
    await expect(page.getByTestId('capital-decision')).toContainText(
      /^Your request for £[\d,.]+ of .+ was declined on .+\. Reason: Takings fell sharply last month\.$/,
    );

    await ownerRequests(page);
    await staff.reload();
    await section.getByRole('button', { name: 'Approve' }).click();
    const approve = staff.getByRole('dialog', { name: 'Approve this capital request?' });
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(approve).toBeHidden();
    await expect(section.getByRole('button', { name: 'Approve' })).toHaveCount(0);

    await page.reload();
    await expect(page.getByTestId('capital-decision')).toContainText(/was approved on/);
    await staff.context().close();
  });
});
