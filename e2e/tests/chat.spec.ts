import { expect, test } from '@playwright/test';
import { demo, signInFromStart } from './support.ts';

// Issue 14 §4: the customer-chat widget for a signed-in merchant user, identified by the backend's user hash.
// Without INTERCOM_APP_ID the API names the built-in help panel (the embedded default) and the portal shows it.

test('a signed-in owner gets the help launcher with their backend identity hash; sign-out removes it', async ({
  page,
}) => {
  const identity = page.waitForResponse(
    (r) => r.url().includes('/api/v1/chat/identity?client=web') && r.request().method() === 'GET',
  );
  await signInFromStart(page, demo.gbOwner);
  const answer = await identity;
  expect(answer.status()).toBe(200);
  const { data } = await answer.json();
  expect(data.provider).toBe('embedded');
  expect(data.userHash).toMatch(/^[0-9a-f]{64}$/);

  await page.getByRole('button', { name: 'Help', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Help and support' });
  await expect(panel).toContainText('Hi Olivia Bennett, how can we help?');
  await expect(panel.getByTestId('chat-reference')).toHaveText(data.userHash.slice(0, 12));
  await panel.getByRole('button', { name: 'Close help' }).click();
  await expect(panel).toBeHidden();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Help', exact: true })).toHaveCount(0);
});
