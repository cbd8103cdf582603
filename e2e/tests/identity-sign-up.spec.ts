import { expect, type Page, test } from '@playwright/test';
import { codeIn, latestMail, uniqueEmail, wrongCode } from './identity-outbox.ts';
import { demo } from './support.ts';

const PASSWORD_RULE =
  'Passwords must be at least 8 characters long, contain at least one number, one uppercase letter, and one lowercase letter.';

async function fillJoin(
  page: Page,
  values: { email: string; phone: string; password: string; repeat: string },
) {
  await page.getByLabel(/^Email/).fill(values.email);
  await page.getByLabel(/^Phone number/).fill(values.phone);
  await page.getByLabel(/^Password/).fill(values.password);
  await page.getByLabel(/^Repeat password/).fill(values.repeat);
  await page.getByLabel(/^Repeat password/).blur();
}

test('a new user signs up on /join, confirms the e-mailed code and lands in onboarding, signed in', async ({
  page,
  request,
}) => {
  await page.goto('/join');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  const createAccount = page.getByRole('button', { name: 'Create account' });
  await expect(createAccount).toBeDisabled();

  // SPEC §5: every bad field says why, and submit stays disabled.
  await fillJoin(page, { email: 'not-an-email', phone: '12', password: 'password', repeat: 'different' });
  await expect(page.getByText('Email must be valid')).toBeVisible();
  // Decision 0135: "12" is neither in SPEC §5's phone pattern nor in international form.
  await expect(page.getByText('Invalid number')).toBeVisible();
  await expect(page.getByText(PASSWORD_RULE)).toBeVisible();
  await expect(createAccount).toBeDisabled();
  // The repeat is compared once the password itself is valid.
  await page.getByLabel(/^Password/).fill('Joined-2026x');
  await page.getByLabel(/^Repeat password/).fill('Joined-2026y');
  await page.getByLabel(/^Repeat password/).blur();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await expect(createAccount).toBeDisabled();
  await page.getByLabel(/^Email/).fill('');
  await page.getByLabel(/^Email/).blur();
  await expect(page.getByText('Required')).toBeVisible();

  const email = uniqueEmail('joiner');
  // SPEC §5: emails are lowercased before the calls.
  await fillJoin(page, {
    email: email.replace('joiner', 'Joiner').toUpperCase(),
    phone: '+44 7911 123456',
    password: 'Joined-2026x',
    repeat: 'Joined-2026x',
  });
  await expect(page.getByText('Passwords must match')).toBeHidden();
  await expect(createAccount).toBeEnabled();
  await createAccount.click();

  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
  const code = codeIn(await latestMail(request, email, 'confirm_sign_up'));
  const confirm = page.getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeDisabled();
  await page.getByLabel(/^Confirmation code/).fill(code);
  await confirm.click();

  await expect(page.getByText('Your email has been verified.')).toBeVisible();
  // Decision 0012: a self-registered user is configured and has no merchant yet → /onboarding.
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Welcome aboard' })).toBeVisible();
  // Signed in: a reload keeps the session and the guards still open onboarding.
  await page.reload();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Welcome aboard' })).toBeVisible();
  // And the account signs in from /signin too, landing in onboarding through the app-start check.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill('Joined-2026x');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
});

test('a wrong confirmation code shows "Invalid verification code, please try again."', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('wrong-code');
  await page.goto('/join');
  await fillJoin(page, { email, phone: '+44 7911 123456', password: 'Joined-2026x', repeat: 'Joined-2026x' });
  await page.getByRole('button', { name: 'Create account' }).click();
  const code = codeIn(await latestMail(request, email, 'confirm_sign_up'));

  await page.getByLabel(/^Confirmation code/).fill(wrongCode(code));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid verification code, please try again.');
  await expect(page).toHaveURL(/\/join$/);

  // Resending issues a new code; only the latest one works.
  await page.getByRole('button', { name: 'Resend code' }).click();
  await expect(page.getByText('We have sent you a new code.')).toBeVisible();
  // The resend answered before the notice showed, so the newest mail is the new code.
  const resent = codeIn(await latestMail(request, email, 'confirm_sign_up'));
  await page.getByLabel(/^Confirmation code/).fill(resent);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
});

test('signing up with an address that has an account says "A user already exists with that email address."', async ({
  page,
}) => {
  await page.goto('/join');
  await fillJoin(page, {
    email: demo.gbOwner.email,
    phone: '+44 7911 123456',
    password: 'Joined-2026x',
    repeat: 'Joined-2026x',
  });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toContainText('A user already exists with that email address.');
});
