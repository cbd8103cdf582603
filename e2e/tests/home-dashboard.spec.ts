import { expect, test } from '@playwright/test';
import { demo, signInFromStart } from './support.ts';

// Issue 11 §4: the home dashboard of the demo owner — the sales chart of the last 30 days and the figures by
// source — shows what the API answers for them.
test('home shows the 30-day sales chart and the figures by source from the API', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const signedIn = await request.post('/api/identity/sign-in', {
    data: { email: demo.gbOwner.email, password: demo.gbOwner.password },
  });
  const { accessToken } = (await signedIn.json()).data as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const merchants = (await (await request.get('/api/merchants', { headers })).json()).data as {
    merchantId: string;
    legalEntityName: string;
  }[];
  const merchantId = merchants.find((m) => m.legalEntityName === 'Brightwater Coffee Ltd')?.merchantId;
  const dashboard = await request.get(`/api/v1/merchants/${merchantId}/transactions/dashboard`, { headers });
  expect(dashboard.ok()).toBe(true);
  const gbp = (
    (await dashboard.json()).data as {
      currencies: {
        currency: string;
        bySource: { source: string; count: number; capturedAmount: number }[];
      }[];
    }
  ).currencies[0];
  expect(gbp?.currency).toBe('GBP');
  const inPerson = gbp?.bySource.find((row) => row.source === 'adyen-terminal');
  // The demo world's history takes payments in person every day.
  expect(inPerson?.count).toBeGreaterThan(0);
  const pounds = (minor: number) =>
    new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(minor / 100);

  await signInFromStart(page, demo.gbOwner);
  const sales = page.getByRole('region', { name: 'Sales per day' });
  await expect(sales).toBeVisible();
  // The chart draws bars (recharts' SVG) and says the same in a sentence.
  await expect(sales.getByTestId('sales-chart').locator('svg.recharts-surface').first()).toBeVisible();
  await expect(sales.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(sales).toContainText(
    /GBP: £[\d,]+\.\d{2} captured and £[\d,]+\.\d{2} refunded from \d{1,2} [A-Z][a-z]{2} to \d{1,2} [A-Z][a-z]{2}\./,
  );
  await expect(sales.getByText('Captured', { exact: true })).toBeVisible();
  await expect(sales.getByText('Refunded', { exact: true })).toBeVisible();

  const bySource = page.getByRole('region', { name: 'By source, last 30 days' });
  const inPersonCard = bySource.locator('section').filter({ hasText: 'In person' });
  await expect(inPersonCard).toContainText(pounds(inPerson?.capturedAmount ?? -1));
  await expect(inPersonCard).toContainText(
    `${inPerson?.count} transaction${inPerson?.count === 1 ? '' : 's'}`,
  );
  await expect(bySource).toContainText('Pay by link');
  await expect(bySource).toContainText('Tap to pay');
});
