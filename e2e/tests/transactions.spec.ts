import { expect, test } from '@playwright/test';
import { demo, signInFromStart } from './support.ts';

// Issue 11 §2: the transactions screen on the demo world (seeded history of the last 90 days).
test.describe('transactions', () => {
  test.beforeEach(async ({ page }) => {
    await signInFromStart(page, demo.gbOwner);
    await page.goto('/transactions');
    await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();
  });

  test('lists the last 30 days newest first with per-currency totals, and refuses a range over 6 months', async ({
    page,
  }) => {
    const table = page.getByRole('table', { name: 'Transactions' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByText(/^Showing \d{4}\.\d{2}\.\d{2} to \d{4}\.\d{2}\.\d{2}$/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Totals of the filtered transactions' })).toContainText(
      '£',
    );
    // The time is labelled with the merchant's zone.
    await expect(table.getByRole('row').nth(1).locator('time')).toContainText(/GMT|BST/);

    await page.getByLabel('From', { exact: true }).fill('2025.01.01');
    await page.getByLabel('To', { exact: true }).fill('2025.08.01');
    await expect(page.getByRole('alert')).toHaveText(
      'Date range too large. Please select a range of 6 months or less.',
    );
    await expect(page).toHaveURL(/from=2025\.01\.01/);
    await page.getByLabel('To', { exact: true }).fill('2025.06.30');
    await expect(page.getByRole('alert')).toBeHidden();
    await expect(page.getByText('Showing 2025.01.01 to 2025.06.30')).toBeVisible();
  });

  test('finds a transaction by PSP reference and opens its details; a date range with it is refused', async ({
    page,
  }) => {
    const table = page.getByRole('table', { name: 'Transactions' });
    const firstRow = table.getByRole('row').nth(1);
    await expect(firstRow).toBeVisible();
    const reference = (await firstRow.getByRole('cell').nth(8).textContent())?.trim() ?? '';
    expect(reference).toMatch(/^[A-Z0-9]{16}$/);

    await page.getByLabel('PSP reference').fill(reference);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText(reference);
    await expect(page).toHaveURL(new RegExp(`psp=${reference}`));

    await page.getByLabel('From', { exact: true }).fill('2026.01.01');
    await expect(page.getByRole('alert')).toHaveText(
      'Select either a date range or a PSP reference, not both',
    );
    await page.getByLabel('From', { exact: true }).fill('');
    await expect(page.getByRole('alert')).toBeHidden();

    await table.getByRole('row').nth(1).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('heading', { name: `Transaction ${reference}` })).toBeVisible();
    await expect(drawer).toContainText('Refundable');
    await expect(drawer.getByRole('heading', { name: 'Events received' })).toBeVisible();
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
  });

  test('the command palette finds a transaction by its PSP reference and opens it', async ({ page }) => {
    const firstRow = page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1);
    await expect(firstRow).toBeVisible();
    const reference = (await firstRow.getByRole('cell').nth(8).textContent())?.trim() ?? '';
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Jump to…' }).click();
    await page.getByPlaceholder('Jump to a screen or a company…').fill(reference);
    await page.getByRole('button', { name: new RegExp(`^${reference} ·`) }).click();
    await expect(page).toHaveURL(new RegExp(`/transactions\\?psp=${reference}&transaction=`));
    await expect(
      page.getByRole('dialog').getByRole('heading', { name: `Transaction ${reference}` }),
    ).toBeVisible();
  });

  test("filters by site: only that site's transactions and totals show, and the choice survives a reload", async ({
    page,
  }) => {
    // Two full loads of the screen (the choice, then a reload): more than the default 30 s on a busy machine.
    test.setTimeout(90_000);
    const table = page.getByRole('table', { name: 'Transactions' });
    const totals = page.getByRole('region', { name: 'Totals of the filtered transactions' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const allSitesTotals = (await totals.textContent()) ?? '';

    const siteSelect = page.getByRole('combobox', { name: 'Site' });
    await siteSelect.click();
    // The demo owner sees both of Brightwater's demo sites (and any site another spec added, such as
    // sites-devices' "Brightwater Camden": no count of them here).
    await expect(page.getByRole('option', { name: 'Brightwater Shoreditch' })).toBeVisible();
    await page.getByRole('option', { name: 'Brightwater Manchester' }).click();
    await expect(page).toHaveURL(/siteId=[0-9a-f-]{36}/);

    // The table's site column shows the site's display name, as the filter does.
    const siteCells = table.getByRole('row').locator('td:nth-child(7)');
    await expect(siteCells.first()).toHaveText('Brightwater Manchester');
    await expect(table.getByRole('row', { name: /Shoreditch/ })).toHaveCount(0);
    // The totals follow the filter: fewer transactions than for both sites together.
    await expect(totals).not.toHaveText(allSitesTotals);

    const url = page.url();
    const filteredTotals = (await totals.textContent()) ?? '';
    await page.reload();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('combobox', { name: 'Site' })).toHaveValue('Brightwater Manchester', {
      timeout: 15_000,
    });
    await expect(siteCells.first()).toHaveText('Brightwater Manchester');
    await expect(table.getByRole('row', { name: /Shoreditch/ })).toHaveCount(0);
    await expect(totals).toHaveText(filteredTotals);
    const shown = await siteCells.allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    expect(new Set(shown)).toEqual(new Set(['Brightwater Manchester']));
  });
});

test('a site manager can choose only their own site in the transactions filter', async ({ page }) => {
  test.setTimeout(60_000);
  await signInFromStart(page, demo.gbManager);
  await page.goto('/transactions');
  await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Transactions' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('combobox', { name: 'Site' }).click();
  await expect(page.getByRole('option', { name: /^Brightwater/ })).toHaveText(['Brightwater Shoreditch']);
  await page.getByRole('option', { name: 'Brightwater Shoreditch' }).click();
  await expect(page).toHaveURL(/siteId=/);
  await expect(table.getByRole('row').nth(1).locator('td:nth-child(7)')).toHaveText('Brightwater Shoreditch');
  await expect(table.getByRole('row', { name: /Brightwater Manchester/ })).toHaveCount(0);
});
