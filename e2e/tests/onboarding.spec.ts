import { expect, test } from '@playwright/test';
import { codeIn, latestMail, uniqueEmail } from './identity-outbox.ts';
import { choose, ONBOARDING_PASSWORD as PASSWORD, signIn, signUpAndConfirm } from './support.ts';

test('a new customer signs up, completes the four steps, verifies and lands on home as a verified merchant', async ({
  page,
  request,
  browser,
}) => {
  // The whole road from sign-up to a verified merchant, with a second device on the way.
  test.setTimeout(120_000);
  const email = uniqueEmail('onboarder');
  await signUpAndConfirm(page, request, email);
  await expect(page.getByRole('heading', { name: 'Welcome aboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Start a new application' }).click();

  // The shortcode arrives by e-mail.
  const shortcode = codeIn(await latestMail(request, email, 'onboarding_shortcode'));

  // Step 1: company details. Submitting with errors says so; an unsupported industry is refused by name.
  await expect(page).toHaveURL(/\/onboarding\/wizard$/);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Please ensure all fields are filled correctly')).toBeVisible();
  await choose(page, 'Country', 'United Kingdom');
  await page.getByLabel('Legal name').fill('Harbour Lights Ltd');
  await page.getByLabel('Registration number').fill('123');
  await page.getByLabel('Registration number').blur();
  await expect(page.getByText('Please enter a valid registration number')).toBeVisible();
  await page.getByLabel('Registration number').fill('01234567');
  await choose(page, 'Industry', 'Gambling');
  await expect(
    page.getByText("We don't currently support Gambling. Please reach out to support for more information."),
  ).toHaveCount(1);
  await choose(page, 'Industry', 'Restaurants and cafés');
  await expect(page.getByText(/We don't currently support/)).toHaveCount(0);
  await page.getByLabel('Contact phone number').fill('+44 20 7946 0000');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // Step 2: the standard price list in GBP, what is accepted and how fees are paid.
  await expect(page.getByText('Standard price list')).toBeVisible();
  await expect(page.getByText('£15.00 a month')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Pay by link' }).check();
  await page.getByRole('radio', { name: 'BACS Direct Debit' }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // Saved after every step: another device signs in and resumes with the shortcode, at step 3.
  const device = await browser.newContext();
  const other = await device.newPage();
  await other.goto('/signin');
  await signIn(other, { email, password: PASSWORD });
  await expect(other).toHaveURL(/\/onboarding$/);
  await other.getByLabel('Onboarding shortcode').fill(shortcode);
  await other.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(other.getByLabel(/^Site name/)).toBeVisible();
  await device.close();

  // Step 3: the first site, with the site rules.
  await page.getByLabel(/^Site name/).fill('Harbour/Main');
  await page.getByLabel(/^Site name/).blur();
  await expect(
    page.getByText('Site name can only contain letters, number, spaces hyphens and underscores.'),
  ).toBeVisible();
  await page.getByLabel(/^Site name/).fill('Harbour Main');
  await page.getByLabel('Address line 1').fill('1 Quay Street');
  await page.getByLabel('Town or city').fill('Bristol');
  await page.getByLabel('Postcode').fill('bs1 4aa');
  // Pay by link was chosen in step 2: the site needs its terms web address (decision 0136).
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Pay by link needs a terms and conditions web address')).toBeVisible();
  await page
    .getByRole('textbox', { name: /^Pay-by-link terms web address/ })
    .fill('https://harbour.example/terms');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // Step 4: the merchant is created and the simulated verification provider opens.
  await expect(
    page.getByText('You are applying for Harbour Lights Ltd, with the site Harbour Main.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Create account and verify' }).click();
  await expect(page.getByText('Test provider: simulated identity verification.')).toBeVisible();
  await page.getByRole('button', { name: 'Verified' }).click();

  // Back in the portal, verified: the onboarding guard sends the merchant home.
  await expect(page).toHaveURL(/\/$/);
  // The return from the provider is a full page load: the shell and home chunks load afresh (slow on a busy CI).
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Harbour Lights Ltd').first()).toBeVisible();
  await page.goto('/onboarding/wizard');
  await expect(page).toHaveURL(/\/$/);
});

test('a shortcode that is not recognised and a second application for the same e-mail each say so', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('twice');
  await signUpAndConfirm(page, request, email);
  await page.getByLabel('Onboarding shortcode').fill('12a');
  await page.getByLabel('Onboarding shortcode').blur();
  await expect(page.getByText('Shortcode must be numeric')).toBeVisible();
  await page.getByLabel('Onboarding shortcode').fill('999999');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(
    page.getByText('We do not recognise that shortcode. Check the e-mail we sent you.'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Start a new application' }).click();
  await expect(page).toHaveURL(/\/onboarding\/wizard$/);
  await page.goto('/onboarding');
  await expect(page.getByRole('button', { name: 'Continue your application' })).toBeVisible();
  await page.getByRole('button', { name: 'Start a new application' }).click();
  await expect(
    page.getByText(
      'This e-mail is already used for an active onboarding. Continue that application instead.',
    ),
  ).toBeVisible();
});
