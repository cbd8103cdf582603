import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { demo, signInFromStart } from './support.ts';

// Issue 12 §4: the GB owner makes the end-of-day report of a closed trading day, sees it ready, opens it and
// downloads it as CSV and PDF. The demo world's transactions are the figures.
test('the GB owner makes an end-of-day report for a day, opens it and downloads its CSV and PDF', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInFromStart(page, demo.gbOwner);
  await page.getByRole('link', { name: 'End of day reports' }).first().click();
  await expect(page.getByRole('heading', { name: 'End of day reports', level: 1 })).toBeVisible();

  // Two days ago (UTC) has closed for every site, whatever its settlement window.
  const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const form = page.getByRole('form', { name: 'Make a report for a day' });
  await form.getByRole('combobox', { name: 'Site' }).click();
  await page.getByRole('option', { name: 'Brightwater Shoreditch' }).click();
  await form.getByLabel('Trading day').fill(day);
  await form.getByRole('button', { name: 'Make report' }).click();
  await expect(page.getByText('The end-of-day report is being made.')).toBeVisible();
  // The toast writes the day as the language does ("5 Dec 2026"), not as the form's YYYY-MM-DD.
  const written = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
  await expect(
    page.getByText(`The end-of-day report for Brightwater Shoreditch on ${written} is ready.`),
  ).toBeVisible({
    timeout: 30_000,
  });

  // The list shows the day's report; a row opens it.
  await page.getByRole('combobox', { name: 'Site' }).last().click();
  await page.getByRole('option', { name: 'Brightwater Shoreditch' }).click();
  await expect(page).toHaveURL(/siteId=/);
  await page.getByRole('textbox', { name: 'From', exact: true }).fill(day);
  await expect(page).toHaveURL(new RegExp(`from=${day}`));
  await page.getByRole('textbox', { name: 'To', exact: true }).fill(day);
  await expect(page).toHaveURL(new RegExp(`to=${day}`));
  const rows = page.getByRole('table', { name: 'End of day reports' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Ready');
  await expect(rows.nth(1)).toContainText('On request');
  const listedSales = (await rows.nth(1).getByRole('cell').nth(3).innerText()).trim();
  await rows.nth(1).click();

  const drawer = page.getByRole('dialog', { name: 'End-of-day report' });
  await expect(drawer.getByRole('heading', { name: /Brightwater Shoreditch/ })).toBeVisible();
  await expect(drawer.getByText('Trading day from')).toBeVisible();
  await expect(drawer.getByRole('table', { name: 'By device' })).toBeVisible();
  // The Sales card shows the same figure as the list.
  await expect(drawer.locator('section', { hasText: 'Sales' }).first()).toContainText(listedSales);

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    drawer.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe(`eod-Brightwater-Shoreditch-${day}.csv`);
  const text = await readFile((await csv.path()) as string, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text).toContain('Section,Name,Currency,Count,Amount');
  expect(text).toContain(`End-of-day report,Trading day,,,${day}`);

  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    drawer.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toBe(`eod-Brightwater-Shoreditch-${day}.pdf`);
  const bytes = await readFile((await pdf.path()) as string);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
