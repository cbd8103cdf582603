import { expect, type Page, test } from '@playwright/test';
import { CONSENT_NECESSARY_ONLY } from '../playwright.config.ts';
import { confirmedAccount, latestMail } from './identity-outbox.ts';
import { signIn } from './support.ts';

// Issue 15: passkeys in Chromium with a CDP virtual authenticator (a platform authenticator with a resident key
// and user verification). WebAuthn refuses an IP address as relying party, so these pages are opened at
// http://localhost:<port>, which the API accepts as its loopback origin (decision 0085).

const SHOTS = process.env.PASSKEY_SHOTS;

async function openTwoFactor(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Two-factor sign-in' }).click();
  return page.getByRole('dialog', { name: 'Two-factor sign-in' });
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);
}

/** Screenshots at 1280 and 375 px, light and dark (PASSKEY_SHOTS=<folder>); the page is left at 1280 light. */
async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  for (const scheme of ['light', 'dark'] as const)
    for (const width of [1280, 375]) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${scheme}.png`, fullPage: true });
    }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('a user adds a passkey, signs in with it as the second factor and without a password, then removes it', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const local = new URL(baseURL ?? 'http://127.0.0.1:3100');
  local.hostname = 'localhost';
  await page.context().addCookies([{ ...CONSENT_NECESSARY_ONLY, domain: 'localhost' }]);

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  const user = await confirmedAccount(request, 'passkey');
  await page.goto(new URL('/signin', local).toString());
  await signIn(page, user);
  await expect(page).toHaveURL(/\/onboarding$/);

  // Set-up from the two-factor settings: a name, then the browser's own dialog (here the virtual authenticator).
  let dialog = await openTwoFactor(page);
  await expect(dialog.getByRole('heading', { name: 'Passkeys' })).toBeVisible();
  await expect(dialog.getByText('No passkeys yet.')).toBeVisible();
  await dialog.getByLabel(/^Passkey name/).fill('MacBook');
  await dialog.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey added.')).toBeVisible();
  await expect(dialog.getByText('MacBook', { exact: true })).toBeVisible();
  await expect(dialog.getByText(/not used yet/)).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  expect((await latestMail(request, user.email, 'passkey_added')).subject).toBe('Passkey added');
  await shots(page, 'settings');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Second factor: after the password, the challenge step offers the passkey next to the code.
  await signOut(page);
  await signIn(page, user);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await shots(page, 'challenge');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);

  // Password-less: the sign-in page's passkey button signs in directly.
  await signOut(page);
  await shots(page, 'signin');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);

  // The list shows when it was last used; removal needs the password (this session passed a second factor).
  dialog = await openTwoFactor(page);
  await expect(dialog.getByText(/last used/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove “MacBook”' }).click();
  await dialog.getByRole('textbox', { name: 'Password' }).fill('wrong-password-1');
  await dialog.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(dialog.getByText('Enter your password or a current code to confirm.')).toBeVisible();
  await shots(page, 'remove');
  await dialog.getByRole('textbox', { name: 'Password' }).fill(user.password);
  await dialog.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(page.getByText('Passkey removed.')).toBeVisible();
  await expect(dialog.getByText('No passkeys yet.')).toBeVisible();
  expect((await latestMail(request, user.email, 'passkey_removed')).subject).toBe('Passkey removed');

  // Its credential is still in the authenticator, but the API no longer knows it.
  await page.keyboard.press('Escape');
  await signOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText('The passkey did not work. Try again.')).toBeVisible();
});
