import { expect, test } from '@playwright/test';
import { demo, signInFromStart } from './support.ts';

// Issue 12: the payouts list and a payout's ledger with its daily summary, on the demo world's payouts (built
// by the payout job's own code when the API seeded it).
test('the GB owner opens a payout and reads its daily summary, which adds up to the payout', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInFromStart(page, demo.gbOwner);
  await page.getByRole('link', { name: 'Payouts' }).first().click();
  await expect(page.getByRole('heading', { name: 'Payouts' })).toBeVisible();

  const rows = page.getByRole('table', { name: 'Payouts' }).getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  const first = rows.nth(1);
  const listedAmount = (await first.getByRole('cell').nth(2).innerText()).trim();
  expect(listedAmount).toMatch(/^£[\d,]+\.\d{2}$/);
  await expect(first).toContainText(/Pending|Completed|Failed/);
  await first.click();

  await expect(page.getByRole('heading', { name: 'Payout ledger' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Daily summary' })).toBeVisible();
  const summary = page.getByRole('table', { name: 'Daily summary' });
  await expect(summary.getByRole('columnheader', { name: 'Gross' })).toBeVisible();
  // The last row is the day (or the total of the days) the payout pays: its net is the payout's amount.
  const net = (await summary.getByRole('row').last().getByRole('cell').nth(4).innerText()).trim();
  const header = await summary.getByRole('row').last().getByRole('cell').count();
  expect(header).toBe(6);
  expect(net.replace('−', '-')).toBe(listedAmount);

  // Every entry links back to its transaction: the link opens it on the transactions screen.
  const ledger = page.getByRole('table', { name: 'Ledger' });
  const link = ledger.getByRole('link', { name: /Open the transaction: Payment / }).first();
  const reference = ((await link.innerText()).match(/Payment (\S+)/) ?? [])[1] ?? '';
  expect(reference).not.toBe('');
  await link.click();
  await expect(page).toHaveURL(/\/transactions\?transaction=/);
  await expect(page.getByRole('dialog', { name: `Transaction ${reference}` })).toBeVisible();
});
