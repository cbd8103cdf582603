import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { demo, signIn, signInFromStart, startOverride } from './support.ts';

// Issue 13 §1 Invoices: the demo merchant's monthly invoices, built from its ledger by the invoice job's code
// and collected through the simulated billing provider when the API seeded it.
test('the GB owner opens last month’s invoice, reads its totals and downloads its PDF', async ({ page }) => {
  test.setTimeout(90_000);
  await signInFromStart(page, demo.gbOwner);
  await page.getByRole('link', { name: 'Invoices' }).first().click();
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();

  const rows = page.getByRole('table', { name: 'Invoices' }).getByRole('row');
  const first = rows.nth(1);
  await expect(first).toContainText(/INV-\d{6}-/);
  const number = ((await first.getByText(/^INV-\d{6}-/).textContent()) ?? '').trim();
  const listedTotal = (await first.getByRole('cell').nth(4).innerText()).trim();
  expect(listedTotal).toMatch(/^£[\d,]+\.\d{2}$/);
  await expect(first).toContainText(/Paid|Overdue|Open/);

  await first.getByRole('cell').first().click();
  const drawer = page.getByRole('dialog', { name: `Invoice ${number}` });
  await expect(drawer).toBeVisible();
  const lines = drawer.getByRole('table', { name: 'Invoice lines' });
  await expect(lines.getByText('Processing fees: domestic cards')).toBeVisible();
  await expect(lines.getByText('Card machine rental')).toBeVisible();
  const totals = drawer.getByRole('table', { name: 'Invoice totals' });
  await expect(totals.getByRole('row', { name: `Total ${listedTotal}` })).toBeVisible();
  await expect(totals.getByRole('row', { name: /^VAT 20% £/ })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await drawer.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const file = await readFile(await download.path());
  expect(file.subarray(0, 5).toString()).toBe('%PDF-');
  expect(file.length).toBeGreaterThan(1000);
});

// Decision 0091: staff raise a one-off invoice (display type yeti_invoice) on the company; its owner sees it among
// the invoices and opens its PDF.
test('staff raise a one-off invoice; the owner sees it listed and downloads its PDF', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const company = 'Brightwater Coffee Ltd';
  await page.goto('/signin');
  await signIn(page, demo.staff);
  await expect(page).toHaveURL(/\/companies$/);
  await startOverride(page, company, 'Ticket 5120: replacement card machine');
  await page.goto('/company-settings/staff');

  await page.getByRole('button', { name: 'Raise a one-off invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'One-off invoice' });
  await dialog.getByRole('button', { name: 'Raise invoice' }).click();
  await expect(dialog.getByText('Required')).toHaveCount(2);
  await dialog.getByLabel('Description').fill('Replacement card machine (screen damaged)');
  await dialog.getByLabel('Amount (GBP, before VAT)').fill('89.50');
  await dialog.getByRole('button', { name: 'Raise invoice' }).click();
  const raised = page.getByText(/^Invoice INV-\d{6}-\w+-\d{2} raised\.$/);
  await expect(raised).toBeVisible();
  const number = ((await raised.textContent()) ?? '').replace(/^Invoice (\S+) raised\.$/, '$1');
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'End override' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Staff override' })).toHaveCount(0);

  const owner = await (await browser.newContext()).newPage();
  await signInFromStart(owner, demo.gbOwner);
  await owner.getByRole('link', { name: 'Invoices' }).first().click();
  const row = owner.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('Invoice');
  // 89.50 + 20 % VAT.
  await expect(row).toContainText('£107.40');
  await expect(row.getByRole('button', { name: /as CSV$/ })).toHaveCount(0);
  const downloading = owner.waitForEvent('download');
  await row.getByRole('button', { name: `Download invoice ${number} as PDF` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const file = await readFile(await download.path());
  expect(file.subarray(0, 5).toString()).toBe('%PDF-');
  await owner.context().close();
});
