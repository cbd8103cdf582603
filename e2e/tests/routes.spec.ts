import { expect, test } from '@playwright/test';
import { demo, signInFromStart } from './support.ts';

test('/signup redirects to /join', async ({ page }) => {
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/join$/);
});

test('an unknown path shows "Did you get lost?"', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Did you get lost?' })).toBeVisible();
});

test('a site manager opening /users lands on /not-found', async ({ page }) => {
  await signInFromStart(page, demo.gbManager);
  await page.goto('/users');
  await expect(page).toHaveURL(/\/not-found$/);
  await expect(page.getByRole('heading', { name: 'Did you get lost?' })).toBeVisible();
});

test('the owner and the site manager see different menus', async ({ browser }) => {
  const menuOf = async (user: { email: string; password: string }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInFromStart(page, user);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const entries = await nav.getByRole('link').allTextContents();
    await context.close();
    return entries.map((entry) => entry.trim());
  };
  const owner = await menuOf(demo.gbOwner);
  const manager = await menuOf(demo.gbManager);
  expect(owner).toEqual(
    expect.arrayContaining(['Users', 'Payment methods', 'Invoices', 'New site', 'Order new']),
  );
  expect(manager).toEqual(expect.arrayContaining(['Transactions', 'Payouts', 'Reports']));
  for (const adminOnly of ['Users', 'Payment methods', 'Invoices', 'New site', 'Order new']) {
    expect(manager).not.toContain(adminOnly);
  }
});
