import { expect, test } from '@playwright/test';
import { demo, signIn, signInFromStart } from './support.ts';

test('an owner signs in and lands on home', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/signin$/);
  await signIn(page, { email: 'Owner.GB@Example.com', password: demo.gbOwner.password });
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await expect(page.getByText(`Welcome, ${demo.gbOwner.firstName}`)).toBeVisible();
  await expect(page.getByText('You are working in Brightwater Coffee Ltd.')).toBeVisible();
});

test('a wrong password shows "Incorrect email or password" and stays on sign-in', async ({ page }) => {
  await page.goto('/signin');
  await signIn(page, { email: demo.gbOwner.email, password: 'Not-the-password-1' });
  await expect(page.getByRole('alert')).toContainText('Incorrect email or password');
  await expect(page).toHaveURL(/\/signin/);
});

test('the submit button stays disabled until the form is valid, with the spec messages', async ({ page }) => {
  await page.goto('/signin');
  const submit = page.getByRole('button', { name: 'Sign in', exact: true });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel(/^Password/).fill('x');
  await page.getByLabel('Email').blur();
  await expect(page.getByText('Email must be valid')).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByLabel('Email').fill('owner.gb@example.com');
  await expect(submit).toBeEnabled();
});

test('a deep link while signed out goes to sign-in and returns to the deep link after', async ({ page }) => {
  await page.goto('/payouts');
  await expect(page).toHaveURL(/\/signin\?redirect=%2Fpayouts$/);
  await signIn(page, demo.gbOwner);
  await expect(page).toHaveURL(/\/payouts$/);
  await expect(page.getByRole('heading', { name: 'Payouts' })).toBeVisible();
});

test('a signed-in user opening /signin is sent on to the redirect target', async ({ page }) => {
  await signInFromStart(page, demo.gbOwner);
  await page.goto('/signin?redirect=%2Fsites');
  await expect(page).toHaveURL(/\/sites$/);
});

test('signing out clears the session and says so', async ({ page }) => {
  await signInFromStart(page, demo.gbOwner);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByText('You have been signed out.')).toBeVisible();
  await page.goto('/users');
  await expect(page).toHaveURL(/\/signin\?redirect=%2Fusers$/);
});
