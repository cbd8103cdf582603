import { expect, test } from '@playwright/test';
import { choose, demo, resetSavedLanguage, signInFromStart } from './support.ts';

test.afterEach(({ request }) => resetSavedLanguage(request, demo.gbOwner));

test('switching to French shows French text, and it is remembered after a reload', async ({ page }) => {
  await signInFromStart(page, demo.gbOwner);
  await choose(page, 'Language', 'Français');
  await expect(page.getByRole('heading', { name: 'Accueil' })).toBeVisible();
  await page.getByRole('button', { name: 'Menu du compte' }).click();
  await expect(page.getByRole('menuitem', { name: 'Se déconnecter' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Accueil' })).toBeVisible();
});

test("in Spanish on a phone, the header's product name stops before the buttons beside it", async ({
  page,
}) => {
  // "Portal de comercios" ran on under the command palette's button at 375 px (its end hidden behind it).
  await signInFromStart(page, demo.gbOwner);
  await choose(page, 'Language', 'Español');
  await expect(page.getByRole('heading', { name: 'Inicio' })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  const header = page.getByRole('banner');
  const wordmark = header.getByText('Portal de comercios');
  await expect(wordmark).toBeVisible();
  const buttons = header.getByRole('button');
  await expect(buttons.first()).toBeVisible();
  const ends = await wordmark.evaluate((element) => {
    const right = element.getBoundingClientRect().right;
    const lefts = [...(element.closest('header') as HTMLElement).querySelectorAll('button')]
      .map((button) => button.getBoundingClientRect())
      .filter((box) => box.width > 0 && box.left > element.getBoundingClientRect().left)
      .map((box) => box.left);
    return { right, nextButton: Math.min(...lefts) };
  });
  expect(ends.right, 'the product name ends before the next button begins').toBeLessThanOrEqual(
    ends.nextButton,
  );
});
