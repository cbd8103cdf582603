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
