import { expect, test } from '@playwright/test';
import { deliverPayment, openLiveTransactions } from './psp-notifications.ts';

// Decision 0125: given TLS_CERT_FILE and TLS_KEY_FILE, the API serves the portal and itself over HTTPS with HTTP/2
// (this project's stack, playwright.config.ts). Everything works there as over HTTP/1.1: the sign-in, a screen's
// data and the live updates, whose stream is one of the connection's streams instead of a connection of its own.
test('over HTTPS the portal and its API answer on HTTP/2: sign-in, transactions and their live updates', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  expect(baseURL).toMatch(/^https:\/\//);
  const { siteId, table } = await openLiveTransactions(page, request);
  // The page, its files and its API calls, each with the protocol it travelled on.
  const loaded = await page.evaluate(() =>
    [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map(
      (entry) => ({
        path: new URL(entry.name).pathname,
        protocol: (entry as PerformanceResourceTiming).nextHopProtocol,
      }),
    ),
  );
  expect(loaded.some(({ path }) => path.startsWith('/api/'))).toBe(true);
  expect(loaded.some(({ path }) => path.startsWith('/assets/'))).toBe(true);
  expect(loaded.filter(({ protocol }) => protocol !== 'h2')).toEqual([]);

  const reference = await deliverPayment(request, siteId, 98_765);
  const row = table.getByRole('row').filter({ hasText: reference });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText('£987.65');
});
