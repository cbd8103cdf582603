import { expect, type Page } from '@playwright/test';

/** The demo world's sign-ins, as `npm start` prints them (apps/api/src/db/seed.ts). */
export const demo = {
  staff: { email: 'staff@example.com', password: 'Staff-demo-2026' },
  gbOwner: { email: 'owner.gb@example.com', password: 'Owner-demo-2026', firstName: 'Olivia' },
  gbManager: { email: 'manager.gb@example.com', password: 'Manager-demo-2026', firstName: 'Sam' },
  frOwner: { email: 'owner.fr@example.com', password: 'Owner-demo-2026' },
} as const;

/** Types the credentials into the sign-in screen and submits, as a person would. */
export async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signInFromStart(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto('/signin');
  await signIn(page, user);
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
}

/** Picks an option of a select (a native one, as the header's switchers are) by its accessible label. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).selectOption({ label: option });
}
