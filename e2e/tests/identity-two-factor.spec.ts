import { expect, type Page, test } from '@playwright/test';
import { totpCode } from '../../apps/api/src/identity/totp.ts';
import { confirmedAccount, latestMail } from './identity-outbox.ts';
import { demo, signIn } from './support.ts';

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

test('a user sets up an authenticator app, then signs in with a code from it and with a recovery code', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await confirmedAccount(request, 'totp');
  await page.goto('/signin');
  await signIn(page, user);
  await expect(page).toHaveURL(/\/onboarding$/);

  // Set-up from the user menu: QR code and key, a first code, then the recovery codes shown once.
  const dialog = await openTwoFactor(page);
  await dialog.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await dialog.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const setUpAt = new Date();
  await dialog.getByLabel(/^Code shown by the app/).fill(totpCode(secret, setUpAt));
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  const codes = dialog.getByTestId('recovery-codes').locator('code');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().textContent())?.trim() ?? '';
  await dialog.getByRole('button', { name: 'I have saved them' }).click();
  await expect(dialog).toBeHidden();
  expect((await latestMail(request, user.email, 'totp_added')).subject).toBe('Two-factor sign-in turned on');

  // Sign in again: after the password, the challenge step; a wrong code is refused, the app's code opens.
  await signOut(page);
  await signIn(page, user);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await page.getByLabel(/^Code/).fill(totpCode(secret, setUpAt) === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid code, please try again.' })).toBeVisible();
  // The step after the set-up's code: within ±1 step of now, and never used before.
  await page.getByLabel(/^Code/).fill(totpCode(secret, new Date(setUpAt.getTime() + 30_000)));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);

  // A recovery code works once in place of the app's code.
  await signOut(page);
  await signIn(page, user);
  await page.getByLabel(/^Code/).fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);

  // The settings say it is on, with 9 recovery codes left.
  const settings = await openTwoFactor(page);
  await expect(settings.getByText('Two-factor sign-in is on with an authenticator app.')).toBeVisible();
  await expect(settings.getByText('9 recovery codes left.')).toBeVisible();
});

test('staff without a second factor are sent to set one up before anything else opens, then search merchants', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/companies');
  await signIn(page, demo.newStaff);
  // Not /companies: the set-up screen, which says why and leads back there afterwards.
  await expect(page).toHaveURL(/\/two-factor\?redirect=%2Fcompanies$/);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await expect(page.getByText(/Two-factor sign-in is off/)).toBeVisible();
  // Any other screen sends them back here.
  await page.goto('/transactions');
  await expect(page).toHaveURL(/\/two-factor\?redirect=%2Ftransactions$/);

  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  await page.getByLabel(/^Code shown by the app/).fill(totpCode(secret, new Date()));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByTestId('recovery-codes').locator('code')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();

  // Staff without a merchant land on /companies; the search (a staff power the API now grants) answers.
  await expect(page).toHaveURL(/\/companies$/);
  await page.getByLabel('Legal entity name').fill('Brightwater');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('button', { name: 'Override into Brightwater Coffee Ltd' })).toBeVisible();
});
