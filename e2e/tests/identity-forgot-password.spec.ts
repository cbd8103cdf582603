import { expect, type Page, test } from '@playwright/test';
import { codeIn, confirmedAccount, latestMail, wrongCode } from './identity-outbox.ts';
import { signIn } from './support.ts';

async function chooseNewPassword(page: Page, password: string) {
  await page.getByLabel(/^New password/).fill(password);
  await page.getByLabel(/^Repeat password/).fill(password);
}

test('forgot password: the e-mailed code resets the password, then the new one signs in', async ({
  page,
  request,
}) => {
  const account = await confirmedAccount(request, 'forgetful');
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot$/);

  // Step 1: the email (lowercased before the call, SPEC §5).
  await page.getByLabel(/^Email/).fill(account.email.toUpperCase());
  await page.getByRole('button', { name: 'Send code' }).click();

  // Step 2: the code from the e-mail and a new password.
  await expect(page.getByLabel(/^Reset code/)).toBeVisible();
  const code = codeIn(await latestMail(request, account.email, 'reset_password'));
  await page.getByLabel(/^Reset code/).fill(wrongCode(code));
  await chooseNewPassword(page, 'Renewed-2026x');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid password reset code, please try again.');

  await page.getByLabel(/^Reset code/).fill(code);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText('Your password has been reset. Sign in with your new password.')).toBeVisible();

  // The old password no longer works; the new one does.
  await signIn(page, account);
  // The reset notice is a toast (role alert too), so the warning alert is picked by its text.
  await expect(page.getByRole('alert').filter({ hasText: 'Incorrect email or password' })).toBeVisible();
  await signIn(page, { email: account.email, password: 'Renewed-2026x' });
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Welcome aboard' })).toBeVisible();
});

test('the e-mailed link /forgot?t=forgot&e=…&c=… opens step 2 prefilled and resets the password', async ({
  page,
  request,
}) => {
  const account = await confirmedAccount(request, 'linked');
  const sent = await request.post('/api/identity/forgot-password', { data: { email: account.email } });
  expect(sent.ok()).toBe(true);
  const mail = await latestMail(request, account.email, 'reset_password');
  const code = codeIn(mail);
  const link = new URL(/http\S+/.exec(mail.text)?.[0] ?? '');
  expect(link.pathname).toBe('/forgot');
  expect(link.searchParams.get('t')).toBe('forgot');

  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByLabel(/^Email/)).toHaveValue(account.email);
  await expect(page.getByLabel(/^Reset code/)).toHaveValue(code);
  await chooseNewPassword(page, 'Linked-2026x');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText('Your password has been reset. Sign in with your new password.')).toBeVisible();
  await signIn(page, { email: account.email, password: 'Linked-2026x' });
  await expect(page).toHaveURL(/\/onboarding$/);
});
