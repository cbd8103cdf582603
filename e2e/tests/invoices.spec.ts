import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { demo, signInFromStart } from './support.ts';

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
  const listedTotal = (await first.getByRole('cell').nth(3).innerText()).trim();
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
