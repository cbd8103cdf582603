import { expect, type Page, test } from '@playwright/test';
import { confirmedAccount } from './identity-outbox.ts';
import { signIn } from './support.ts';

// Issue 15: "Your sessions" in the user menu; ending a session signs that browser out on its next call.

async function openSessions(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Your sessions' }).click();
  return page.getByRole('dialog', { name: 'Your sessions' });
}

test('a user signed in twice ends the other session from the first; the second is signed out on its next call', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await confirmedAccount(request, 'sessions');
  await page.goto('/signin');
  await signIn(page, user);
  await expect(page).toHaveURL(/\/onboarding$/);

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await other.goto('/signin');
  await signIn(other, user);
  await expect(other).toHaveURL(/\/onboarding$/);

  // The first browser lists both sessions: browser and device from the user agent, the IP, first and last seen.
  const dialog = await openSessions(page);
  const rows = dialog.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  const current = rows.filter({ hasText: 'This device' });
  await expect(current).toHaveCount(1);
  await expect(current).toContainText(/Chrome \d+ on (Linux|macOS|Windows)/);
  await expect(current).toContainText('IP address: 127.0.0.1');
  await expect(current).toContainText('Signed in:');
  await expect(current).toContainText('Last active:');
  const otherRow = rows.filter({ hasNotText: 'This device' });
  await expect(otherRow.getByRole('button', { name: /^End session: Chrome/ })).toBeVisible();
  // The current session has no end button here (signing out does that).
  await expect(current.getByRole('button')).toHaveCount(0);
  // A new account has no security activity yet.
  await expect(dialog.getByText('No security changes yet.')).toBeVisible();

  await otherRow.getByRole('button', { name: /^End session/ }).click();
  await expect(page.getByText('Session ended. That device is signed out within a minute.')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(dialog.getByText('No other session is signed in.')).toBeVisible();
  // The ending is the account's own security activity, with the browser and IP it came from.
  const activity = dialog.getByRole('list', { name: 'Recent security activity' }).getByRole('listitem');
  await expect(activity).toHaveCount(1);
  await expect(activity).toContainText('Session signed out');
  await expect(activity).toContainText(/Chrome \d+ on (Linux|macOS|Windows) · 127\.0\.0\.1/);

  // The second browser's next call (its access token is still unexpired) is refused and it lands on /signin.
  const refused = other.waitForResponse((response) => response.url().includes('/api/identity/sessions'));
  await openSessions(other);
  expect((await refused).status()).toBe(401);
  await expect(other).toHaveURL(/\/signin/);
  await otherContext.close();

  // The first session goes on.
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page).toHaveURL(/\/onboarding$/);
});

test('"End all other sessions" ends every other browser at once', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const user = await confirmedAccount(request, 'sessions-others');
  const contexts = [await browser.newContext(), await browser.newContext()];
  const others = await Promise.all(contexts.map((context) => context.newPage()));
  for (const other of others) {
    await other.goto('/signin');
    await signIn(other, user);
    await expect(other).toHaveURL(/\/onboarding$/);
  }
  await page.goto('/signin');
  await signIn(page, user);
  await expect(page).toHaveURL(/\/onboarding$/);

  const dialog = await openSessions(page);
  await expect(dialog.getByTestId('session-row')).toHaveCount(3);
  await dialog.getByRole('button', { name: 'End all other sessions' }).click();
  await expect(
    page.getByText('Other sessions ended: 2. Those devices are signed out within a minute.'),
  ).toBeVisible();
  await expect(dialog.getByTestId('session-row')).toHaveCount(1);
  for (const other of others) {
    await openSessions(other);
    await expect(other).toHaveURL(/\/signin/);
  }
  for (const context of contexts) await context.close();
});
