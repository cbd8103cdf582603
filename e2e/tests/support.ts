import { expect, type Page } from '@playwright/test';
import { DEMO_SIGN_INS } from '../../apps/api/src/db/demo/sign-ins.ts';

/** The demo world's sign-ins, exactly as `npm start` seeds and prints them. */
export const demo = DEMO_SIGN_INS;

/** Types the credentials into the sign-in screen and submits, as a person would. */
export async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in from /signin and waits for home, whose heading is in the user's saved language. */
export async function signInFromStart(
  page: Page,
  user: { email: string; password: string },
  homeHeading = 'Home',
): Promise<void> {
  await page.goto('/signin');
  await signIn(page, user);
  await expect(page.getByRole('heading', { name: homeHeading })).toBeVisible();
}

/** Picks an option of a select by its accessible label: a native `<select>` or a Mantine combobox. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  const select = page.getByRole('combobox', { name: label });
  if ((await select.evaluate((element) => element.tagName)) === 'SELECT') {
    await select.selectOption({ label: option });
    return;
  }
  await select.click();
  await page.getByRole('option', { name: option }).click();
}
