import { expect, test } from '@playwright/test';
import { demo, signInFromStart } from './support.ts';

// Issue 10: one device from /devices, its recent transactions, and renaming its label (audited by the API).

test('the owner opens a device from /devices, reads its recent transactions, renames it, and puts the old label back', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInFromStart(page, demo.gbOwner);
  await page.goto('/devices');
  const row = page.getByRole('row', { name: /Terrace/ });
  await row.getByRole('button', { name: /^Open device / }).click();

  const drawer = page.getByRole('dialog', { name: /^Device V240-\d+$/ });
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(/[?&]device=[0-9a-f-]{36}/);
  await expect(drawer.getByText('262 g, 5-inch screen')).toBeVisible();
  await expect(drawer.getByText('Shoreditch', { exact: true })).toBeVisible();
  const recent = drawer.getByRole('table', { name: 'Recent transactions' });
  await expect(recent.getByRole('row').filter({ hasText: '£' }).first()).toBeVisible();

  const renamed = `Terrace ${Date.now() % 100000}`;
  const label = drawer.getByLabel(/^Label/);
  // "Terrace", or the label an interrupted first attempt left (a retry puts "Terrace" back at the end).
  await expect(label).toHaveValue(/^Terrace( \d+)?$/);
  await label.fill('');
  await label.blur();
  await expect(drawer.getByText('Device label must be 1 to 50 characters')).toBeVisible();
  await label.fill(renamed);
  await drawer.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByText(`The device is now called ${renamed}.`)).toBeVisible();

  // After a reload the drawer reopens from the URL, and the list shows the new label.
  await page.reload();
  await expect(page.getByRole('dialog', { name: /^Device V240-\d+$/ })).toBeVisible();
  // On a phone the drawer fills the screen and nothing makes the page scroll sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(
    page
      .getByRole('dialog', { name: /^Device V240-\d+$/ })
      .getByText('Recent transactions')
      .first(),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Close device' }).click();
  await expect(page).not.toHaveURL(/[?&]device=/);
  const renamedRow = page.getByRole('row', { name: new RegExp(renamed) });
  await expect(renamedRow).toBeVisible();

  // The old label back, so other suites keep the demo data.
  await renamedRow.getByRole('button', { name: /^Open device / }).click();
  const again = page.getByRole('dialog', { name: /^Device V240-\d+$/ });
  await again.getByLabel(/^Label/).fill('Terrace');
  await again.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByText('The device is now called Terrace.')).toBeVisible();
  await again.getByRole('button', { name: 'Close device' }).click();
  await expect(page.getByRole('row', { name: /Terrace/ })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(renamed) })).toHaveCount(0);
});
