import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import { DEMO_SIGN_INS } from '../../apps/api/src/db/demo/sign-ins.ts';
import { TOTP_PERIOD_SECONDS, totpCode } from '../../apps/api/src/identity/totp.ts';
import { codeIn, latestMail } from './identity-outbox.ts';

/** The demo world's sign-ins, exactly as `npm start` seeds and prints them. */
export const demo = DEMO_SIGN_INS;

/**
 * Types the credentials into the sign-in screen and submits, as a person would; a user with an authenticator
 * app (the demo staff, issue 15) then types the app's current code at the challenge step.
 */
export async function signIn(
  page: Page,
  user: { email: string; password: string; totpSecret?: string },
  now: () => number = Date.now,
): Promise<void> {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  if (user.totpSecret) await typeAppCode(page, user.totpSecret, now);
}

/**
 * The challenge step with a code computed from the app's key, as the phone would show it. Each 30-second code
 * works once (replay refused), and codes of the next step are accepted too: a sign-in in the same step as an
 * earlier one (another spec) takes the next step's code, and if that one is spent as well, waits for the next step.
 * `now`: the API's time, where its clock is not the real one (the visual stack: serverClock in screens.ts).
 */
export async function typeAppCode(page: Page, secret: string, now: () => number = Date.now): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  for (let round = 0; round < 3; round++) {
    for (const ahead of [0, 1]) {
      const code = totpCode(secret, new Date(now() + ahead * TOTP_PERIOD_SECONDS * 1000));
      await page.getByLabel(/^Code/).fill(code);
      const answer = page.waitForResponse((response) =>
        response.url().endsWith('/api/identity/sign-in/second-factor'),
      );
      await page.getByRole('button', { name: 'Verify' }).click();
      if ((await answer).ok()) return;
    }
    const step = TOTP_PERIOD_SECONDS * 1000;
    await page.waitForTimeout(step - (now() % step) + 500);
  }
  throw new Error('no authenticator code was accepted');
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

/**
 * Puts a user's saved language back to en-GB through the API, so a test that changes it (it is stored on the
 * server, SPEC §9) leaves the next test the demo world as seeded.
 */
export async function resetSavedLanguage(
  request: APIRequestContext,
  user: { email: string; password: string },
): Promise<void> {
  const signedIn = await request.post('/api/identity/sign-in', {
    data: { email: user.email, password: user.password },
  });
  expect(signedIn.ok()).toBe(true);
  const { accessToken } = (await signedIn.json()).data as { accessToken: string };
  const saved = await request.patch('/api/identity/me', {
    data: { preferences: { locale: 'en-GB' } },
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(saved.ok()).toBe(true);
}

export const ONBOARDING_PASSWORD = 'Onboard-2026x';

/** A new customer signs up at /join and confirms the e-mailed code; they land on /onboarding. */
export async function signUpAndConfirm(page: Page, request: APIRequestContext, email: string): Promise<void> {
  await page.goto('/join');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Phone number/).fill('+44 7911 123456');
  await page.getByLabel(/^Password/).fill(ONBOARDING_PASSWORD);
  await page.getByLabel(/^Repeat password/).fill(ONBOARDING_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  const code = codeIn(await latestMail(request, email, 'confirm_sign_up'));
  await page.getByLabel(/^Confirmation code/).fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
}

/**
 * Staff act in a merchant only through an override with a reason (SPEC §4), started from /companies (where staff
 * land): searched by the name's first word, and waited for until its banner names the merchant, so that a
 * navigation next cannot abort the override's request.
 */
export async function startOverride(page: Page, legalEntityName: string, reason: string): Promise<void> {
  await page.getByLabel('Legal entity name').fill(legalEntityName.split(' ')[0] as string);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `Override into ${legalEntityName}` }).click();
  await page.getByLabel(/^Reason/).fill(reason);
  await page.getByRole('button', { name: 'Start override' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Staff override' })).toContainText(legalEntityName);
}

/**
 * The GB owner, signed in from the start in a browser context of their own, reading company settings' audit log:
 * what a merchant sees of what staff did. Close the context when done.
 */
export async function ownerAuditLog(
  browser: Browser,
): Promise<{ log: Locator; owner: Page; context: BrowserContext }> {
  const context = await browser.newContext();
  const owner = await context.newPage();
  await signInFromStart(owner, demo.gbOwner);
  await owner.goto('/company-settings');
  await owner.getByRole('tab', { name: 'Audit log' }).click();
  return { log: owner.getByRole('table', { name: 'Audit log' }), owner, context };
}
