import { expect, test } from '@playwright/test';
import { deliverPayment, openLiveTransactions } from './psp-notifications.ts';

// Issue 11 §2 and §4: a payment the PSP notifies shows up on the open transactions screen and on home, without
// a reload (server-sent events from the API).
test('a payment notified to the webhook appears on the open transactions screen and home without reload', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { siteId, table } = await openLiveTransactions(page, request);
  // A marker on the window that a reload would wipe.
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  const onList = await deliverPayment(request, siteId, 432_187);
  const newRow = table.getByRole('row').filter({ hasText: onList });
  await expect(newRow).toBeVisible({ timeout: 15_000 });
  await expect(newRow).toContainText('£4,321.87');
  await expect(table.getByRole('row').nth(1)).toContainText(onList);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }).click();
  const latest = page.getByRole('region', { name: 'Latest transactions' });
  await expect(latest.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();
  const onHome = await deliverPayment(request, siteId, 123_456);
  await expect(latest.getByRole('row').filter({ hasText: '£1,234.56' })).toBeVisible({ timeout: 15_000 });
  await expect(latest.getByRole('row').nth(1)).toContainText('£1,234.56');
  expect(onHome).not.toBe(onList);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});
