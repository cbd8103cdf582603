import { expect, test } from '@playwright/test';
import { demo, signInFromStart } from './support.ts';

// Issue 11 §3: refund part of a captured payment from its detail drawer; it is pending until the embedded PSP's
// REFUND notification arrives through the webhook, then partially refunded with less left to refund.
test('refunds part of a payment from its details and sees it go pending, then partially refunded', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInFromStart(page, demo.gbOwner);
  await page.goto('/transactions?status=captured');
  const table = page.getByRole('table', { name: 'Transactions' });
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow).toBeVisible();
  const reference = (await firstRow.getByRole('cell').nth(8).textContent())?.trim() ?? '';
  await firstRow.click();

  const drawer = page.getByRole('dialog', { name: `Transaction ${reference}` });
  await expect(drawer.getByText('No refunds.')).toBeVisible();
  await drawer.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund transaction' });
  const amount = dialog.getByLabel(/^Amount to refund/);
  // Prefilled with everything that is left.
  await expect(amount).toHaveValue(/^\d+\.\d{2}$/);
  const before = Math.round(Number(await amount.inputValue()) * 100);

  await amount.fill('0');
  await amount.blur();
  await expect(dialog.getByText('Refund amount must be greater than 0')).toBeVisible();
  await amount.fill('1.00');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  // The dialog closes once the API has answered (the toast is checked in the portal's component test).
  await expect(dialog).toBeHidden({ timeout: 30_000 });

  const refunds = drawer.getByRole('table', { name: 'Refunds' });
  await expect(refunds.getByRole('row')).toHaveCount(2);
  // As the portal formats money (en-GB, with grouping: £1,233.56).
  const left = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(
    (before - 100) / 100,
  );
  await expect(drawer.getByText(left, { exact: true })).toBeVisible();
  // The simulated PSP confirms a few seconds later; the open drawer asks again until it has.
  await expect(refunds.getByRole('row').nth(1)).toContainText('Refunded', { timeout: 30_000 });
  await expect(drawer.getByText('Partially refunded')).toBeVisible();
  await expect(drawer.getByText(left, { exact: true })).toBeVisible();
});
