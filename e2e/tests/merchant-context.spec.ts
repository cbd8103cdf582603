import { expect, type Page, test } from '@playwright/test';
import { choose, demo, resetSavedLanguage, signInFromStart } from './support.ts';

test.afterEach(({ request }) => resetSavedLanguage(request, demo.groupOwner));

const totalsCard = (page: Page, title = 'Last 30 days') =>
  page.getByRole('region', { name: title, exact: true });

test('switching merchant changes what is shown, and the choice is remembered', async ({ page }) => {
  await signInFromStart(page, demo.groupOwner);
  // SPEC §4: sorted by legal entity name; the first active and verified one is current.
  await expect(page.getByText('You are working in Boulangerie Lumière SARL.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Company' }).click();
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText([
    'Boulangerie Lumière SARL',
    'Brightwater Coffee Ltd',
  ]);
  await page.keyboard.press('Escape');
  await expect(totalsCard(page)).toContainText('€');

  await choose(page, 'Company', 'Brightwater Coffee Ltd');
  await expect(page.getByText('You are working in Brightwater Coffee Ltd.')).toBeVisible();
  await expect(totalsCard(page)).toContainText('£');
  await expect(totalsCard(page)).not.toContainText('€');

  await page.reload();
  await expect(page.getByText('You are working in Brightwater Coffee Ltd.')).toBeVisible();
});

test('switching to French shows French text and euros written the French way', async ({ page }) => {
  await signInFromStart(page, demo.groupOwner);
  await expect(page.getByText('You are working in Boulangerie Lumière SARL.')).toBeVisible();
  await choose(page, 'Language', 'Français');
  await expect(page.getByRole('heading', { name: 'Accueil' })).toBeVisible();
  const card = totalsCard(page, '30 derniers jours');
  await expect(card).toBeVisible();
  // fr-FR: comma decimals and the euro sign after the amount.
  await expect(card.getByText(/\d,\d{2}\s€$/).first()).toBeVisible();
});

test("a user's saved language applies at sign-in", async ({ page }) => {
  await signInFromStart(page, demo.frOwner, 'Accueil');
  await page.getByRole('button', { name: 'Menu du compte' }).click();
  await expect(page.getByRole('menuitem', { name: 'Se déconnecter' })).toBeVisible();
});
