import { expect, test } from '@playwright/test';
import { latestMail } from './identity-outbox.ts';
import { demo, signInFromStart } from './support.ts';

// Issue 11 §3: e-mail the receipt of a payment from its detail drawer, in French, and read it in the outbox.
test('sends the receipt of a payment from its details and the customer receives it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signInFromStart(page, demo.gbOwner);
  await page.goto('/transactions?status=captured');
  const table = page.getByRole('table', { name: 'Transactions' });
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow).toBeVisible();
  const reference = (await firstRow.getByRole('cell').nth(8).textContent())?.trim() ?? '';
  await firstRow.click();

  const drawer = page.getByRole('dialog', { name: `Transaction ${reference}` });
  await drawer.getByRole('button', { name: 'Email receipt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Email the receipt' });
  const email = dialog.getByLabel('Email address');
  await email.fill('no-at-sign');
  await dialog.getByRole('button', { name: 'Send receipt' }).click();
  await expect(dialog.getByText('Email must be valid')).toBeVisible();

  const to = `receipt.${Date.now()}@example.com`;
  await email.fill(to);
  await dialog.getByLabel('Language of the receipt').click();
  await page.getByRole('option', { name: 'Français' }).filter({ visible: true }).click();
  await dialog.getByRole('button', { name: 'Send receipt' }).click();
  await expect(page.getByText(`Receipt sent to ${to}.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  const mail = await latestMail(request, to, 'transaction_receipt');
  expect(mail.locale).toBe('fr-FR');
  expect(mail.subject).toMatch(/^Votre reçu de /);
  expect(mail.text).toContain(`Référence du paiement : ${reference}`);
  expect(mail.text).toMatch(/Carte : \S.* •••• \d{4}/);
});
