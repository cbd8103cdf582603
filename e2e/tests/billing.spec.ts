import { expect, test } from '@playwright/test';
import { demo, signInFromStart } from './support.ts';

const BANNER = /We recommend at least 2 payment methods/;

test('an owner deletes a payment method, adds one through the test provider, makes it default, and the banner goes', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInFromStart(page, demo.gbOwner);
  await page.goto('/billing/payment-methods');
  await expect(page.getByRole('heading', { name: 'Payment methods', level: 1 })).toBeVisible();
  // The demo merchant has the two recommended payment methods: no banner.
  await expect(page.getByRole('row').filter({ hasText: 'Barclays' })).toBeVisible();
  await expect(page.getByText(BANNER)).toHaveCount(0);

  // Delete one (confirmed): one left, fewer than recommended, and the banner says so.
  const visa = page.getByRole('row').filter({ hasText: 'Visa ending' });
  const visaName = ((await visa.getByText(/^Visa ending \d{4}$/).textContent()) ?? '').trim();
  await page.getByRole('button', { name: `Delete: ${visaName}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`${visaName} will no longer be used for your invoices.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${visaName} was deleted.`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: visaName })).toHaveCount(0);
  await expect(page.getByText(BANNER)).toBeVisible();
  // SPEC §2.3: hidden on the landing page and on the add screen.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await expect(page.getByText(BANNER)).toHaveCount(0);

  // Add one through the default provider's own page, clearly a test provider offering test instruments only.
  await page.goto('/billing/payment-methods/new');
  await expect(page.getByRole('button', { name: 'Continue to the secure page' })).toBeVisible();
  await expect(page.getByText(BANNER)).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue to the secure page' }).click();
  await expect(page.getByText('Test provider: simulated billing.')).toBeVisible();
  await page.getByLabel('Test Mastercard ending 4444').check();
  await page.getByRole('button', { name: 'Save payment method' }).click();
  await expect(page).toHaveURL(/\/payment-method-success\?/);
  await expect(page.getByText('Mastercard ending 4444 was added.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to payment methods' }).click();

  // Make it the default (confirmed).
  await page.getByRole('button', { name: 'Make default: Mastercard ending 4444' }).click();
  await expect(dialog.getByText('Mastercard ending 4444 will pay every invoice from now on.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Make default' }).click();
  await expect(page.getByText('Mastercard ending 4444 is now your default payment method.')).toBeVisible();
  await expect(
    page.getByRole('row').filter({ hasText: 'Mastercard ending 4444' }).getByText('Default'),
  ).toBeVisible();

  // Two payment methods again: the banner is gone, also after a reload.
  await expect(page.getByText(BANNER)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'Mastercard ending 4444' })).toBeVisible();
  await expect(page.getByText(BANNER)).toHaveCount(0);
});

test('a declined test card is shown as not added', async ({ page }) => {
  await signInFromStart(page, demo.gbOwner);
  await page.goto('/billing/payment-methods/new');
  await page.getByRole('button', { name: 'Continue to the secure page' }).click();
  await page.getByLabel('Test card that is declined').check();
  await page.getByRole('button', { name: 'Save payment method' }).click();
  await expect(page).toHaveURL(/\/payment-method-success\?/);
  await expect(page.getByText(/declined by the test provider/)).toBeVisible();
});
