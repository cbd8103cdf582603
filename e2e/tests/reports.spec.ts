import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { demo, signInFromStart } from './support.ts';

/** YYYY-MM-DD of `daysAgo` days before today in London (the demo merchant's zone). */
const londonDay = (daysAgo: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(Date.now() - daysAgo * 86_400_000),
  );

// Issue 12 §3: request a transactions report, watch it become ready (the list updates itself while the job
// works), download it and read it: a UTF-8 CSV with a BOM, the zone in the header, as many rows as it says.
test('the GB owner requests a transactions report, sees it ready, downloads it and counts its rows', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInFromStart(page, demo.gbOwner);
  await page.getByRole('link', { name: 'Reports', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();

  await page.getByRole('textbox', { name: 'From', exact: true }).fill(londonDay(29));
  await page.getByRole('textbox', { name: 'To', exact: true }).fill(londonDay(0));
  await page.getByRole('button', { name: 'Request report' }).click();

  const table = page.getByRole('table', { name: 'Reports' });
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText('Transactions');
  await expect(row).toContainText('All sites');
  // The job takes it NEW → PROCESSING → READY; the page asks again every 2 s until it is ready.
  await expect(row).toContainText('Ready', { timeout: 60_000 });
  const rowsShown = Number((await row.getByRole('cell').nth(4).innerText()).replaceAll(',', '').trim());
  expect(rowsShown).toBeGreaterThan(0);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Download CSV: Transactions report' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^transactions-report-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.csv$/);
  const text = await readFile((await download.path()) as string, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).trimEnd().split('\n');
  expect(lines[0]).toContain('Created (Europe/London)');
  expect(lines[0]).toContain('Currency');
  // No field of the demo data holds a line break, so every further line is one transaction.
  expect(lines.length - 1).toBe(rowsShown);
});
