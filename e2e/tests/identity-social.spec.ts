import { expect, type Page, test } from '@playwright/test';
import { uniqueEmail } from './identity-outbox.ts';
import { demo } from './support.ts';

// Runs in the `oidc` project: an API configured with the real OpenID provider of oidc/provider.ts.

/** At the provider's own (development) pages: any login name, then consent. */
async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a new user signs in with the social button and lands signed in, in onboarding', async ({ page }) => {
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Continue with social sign-in' }).click();
  await signInAtProvider(page, uniqueEmail('social'));

  // Back through the API's callback and the one-time code; decision 0012: a new account goes to onboarding.
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Welcome aboard' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome aboard' })).toBeVisible();
});

test('an existing user signs in through the provider and returns to the page they asked for', async ({
  page,
}) => {
  await page.goto('/payouts');
  await expect(page).toHaveURL(/\/signin\?redirect=%2Fpayouts$/);
  await page.getByRole('link', { name: 'Continue with social sign-in' }).click();
  // The provider vouches for the e-mail, so the account is linked to the GB owner.
  await signInAtProvider(page, demo.gbOwner.email);
  await expect(page).toHaveURL(/\/payouts$/);
  await expect(page.getByRole('heading', { name: 'Payouts' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByText(`Welcome, ${demo.gbOwner.firstName}`)).toBeVisible();
});

test('the social button and divider are hidden when the query has g', async ({ page }) => {
  await page.goto('/signin?g=1');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /social sign-in/ })).toHaveCount(0);
});
