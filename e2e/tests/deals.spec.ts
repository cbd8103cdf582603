import { expect, test } from '@playwright/test';
import { uniqueEmail } from './identity-outbox.ts';
import { choose, demo, signIn, signUpAndConfirm } from './support.ts';

test('staff make a deal, /onboarding?deal= shows its pricing, and the new merchant signs exactly those rates', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);

  // Staff (with their authenticator app) make the deal under Company › Manage companies.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await staff.goto('/signin');
  await signIn(staff, demo.staff);
  await expect(staff).toHaveURL(/\/companies$/);
  await staff.getByRole('button', { name: 'New deal' }).click();
  await staff.getByLabel(/^Name/).fill('E2E harbour offer');
  for (const [label, value] of [
    [/^Domestic cards/, '0.97'],
    [/^EEA cards/, '1.23'],
    [/^International cards/, '1.87'],
    [/^American Express/, '2.05'],
    [/^Other cards/, '2.15'],
    [/^Tap to pay/, '0.85'],
  ] as const)
    await staff.getByLabel(label).fill(value);
  await staff.getByLabel(/^Card machine rental/).fill('9.99');
  await staff.getByLabel(/^Valid until/).fill('2099-12-31');
  await staff.getByRole('button', { name: 'Create deal' }).click();
  await expect(staff.getByRole('button', { name: 'Create deal' })).toHaveCount(0);
  const row = staff.getByRole('row').filter({ hasText: 'E2E harbour offer' });
  await expect(row).toContainText('Active');
  const reference = /DL-[A-Z0-9]{5}/.exec(await row.innerText())?.[0];
  expect(reference).toBeTruthy();
  await staffContext.close();

  // A new customer opens the deal's link: its pricing in place of the standard price list.
  const email = uniqueEmail('dealtaker');
  await signUpAndConfirm(page, request, email);
  await page.goto(`/onboarding?deal=${reference}`);
  await expect(page.getByText(`Your deal ${reference}`)).toBeVisible();
  const pricing = page.getByRole('table', { name: 'Pricing' });
  await expect(pricing).toContainText('0.97%');
  await expect(pricing).toContainText('£9.99 a month');
  await expect(page.getByText('Standard price list', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Start a new application' }).click();

  // Step 1.
  await expect(page).toHaveURL(/\/onboarding\/wizard$/);
  await choose(page, 'Country', 'United Kingdom');
  await page.getByLabel('Legal name').fill('Deal Harbour Ltd');
  await page.getByLabel('Registration number').fill('01234567');
  await choose(page, 'Industry', 'Restaurants and cafés');
  await page.getByLabel('Contact phone number').fill('+44 20 7946 0000');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // Step 2: the deal's pricing again.
  await expect(page.getByText(`Your deal ${reference}`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pricing' })).toContainText('2.15%');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // Step 3 and 4.
  await page.getByLabel(/^Site name/).fill('Deal Quay');
  await page.getByLabel('Address line 1').fill('1 Quay Street');
  await page.getByLabel('Town or city').fill('Bristol');
  await page.getByLabel('Postcode').fill('bs1 4aa');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('button', { name: 'Create account and verify' }).click();
  await expect(page.getByText('Test provider: simulated identity verification.')).toBeVisible();
  await page.getByRole('button', { name: 'Verified' }).click();
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible({ timeout: 20_000 });

  // The rates to sign are the deal's.
  await page.goto('/sites');
  await page.getByRole('link', { name: 'Sign your rates' }).click();
  const rates = page.getByRole('table', { name: 'Your rates' });
  for (const [label, value] of [
    ['Domestic cards', '0.97%'],
    ['EEA cards', '1.23%'],
    ['International cards', '1.87%'],
    ['American Express', '2.05%'],
    ['Other cards', '2.15%'],
    ['Tap to pay', '0.85%'],
    ['Card machine rental, monthly', '£9.99'],
  ] as const)
    await expect(rates.getByRole('row').filter({ hasText: label })).toContainText(value);
});

test('an unknown deal shows the standard price list and says the deal was not found', async ({
  page,
  request,
}) => {
  await signUpAndConfirm(page, request, uniqueEmail('nodeal'));
  await page.goto('/onboarding?deal=DL-ZZZZZ');
  await expect(page.getByText(/Deal DL-ZZZZZ was not found/)).toBeVisible();
  await expect(page.getByText('Standard price list', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pricing' })).toContainText('£15.00 a month');
});
