import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { demo, signIn, signInFromStart } from './support.ts';

const MERCHANT_A = 'Brightwater Coffee Ltd';

async function bearer(request: APIRequestContext, user: { email: string; password: string }) {
  const session = await request.post('/api/identity/sign-in', { data: user });
  return { authorization: `Bearer ${(await session.json()).data.accessToken}` };
}

/** Owner A, on the add-user screen, invites owner B's existing account as a company owner. */
async function inviteOwnerB(page: Page) {
  await page.getByLabel(/^Email/).fill(demo.frOwner.email);
  await page.getByLabel(/^First name/).fill('Camille');
  await page.getByLabel(/^Last name/).fill('Laurent');
  await page.getByRole('switch', { name: /Company owner/ }).check();
  await page.getByRole('button', { name: 'Send invitation' }).click();
}

/**
 * The suites share one stack: owner B leaves merchant A again afterwards, so the demo world is as seeded for the
 * suites after this one (remove ends access to A only, docs/decisions/0032).
 */
test.afterEach(async ({ request }) => {
  const headers = await bearer(request, demo.gbOwner);
  const [merchant] = (await (await request.get('/api/merchants', { headers })).json()).data as {
    merchantId: string;
  }[];
  const users = (
    await (await request.get(`/api/v1/merchants/${merchant?.merchantId}/users`, { headers })).json()
  ).data as { userId: string; email: string }[];
  const ownerB = users.find((user) => user.email === demo.frOwner.email);
  if (ownerB)
    await request.delete(`/api/v1/merchants/${merchant?.merchantId}/users/${ownerB.userId}`, { headers });
});

test('owner A invites owner B’s existing account; B accepts on /invitations and finds merchant A in the switcher', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInFromStart(page, demo.gbOwner);
  await page.getByRole('link', { name: 'Users' }).first().click();
  await page.getByRole('link', { name: 'Invite user' }).click();
  await inviteOwnerB(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

  // B, in their own browser: the e-mail's link to /invitations goes through sign-in and comes back.
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto('/invitations');
  await expect(invitee).toHaveURL(/\/signin\?redirect=%2Finvitations$/);
  await signIn(invitee, demo.frOwner);
  await expect(invitee).toHaveURL(/\/invitations$/);
  await expect(invitee.getByRole('heading', { name: 'Invitations' })).toBeVisible();
  const card = invitee.getByRole('region', { name: MERCHANT_A });
  // Owner B's saved language is French (the demo world): the screen speaks it.
  await expect(card).toContainText(`Invité par ${demo.gbOwner.email}`);
  await expect(card).toContainText("Rôle : Propriétaire de l'entreprise");
  await expect(card).toContainText(/Expire le \d{1,2} /);
  await invitee.getByRole('combobox', { name: 'Entreprise' }).click();
  await expect(invitee.getByRole('option', { name: MERCHANT_A })).toHaveCount(0);
  await invitee.keyboard.press('Escape');

  await card.getByRole('button', { name: 'Accepter' }).click();
  await expect(invitee.getByText(`Vous avez rejoint ${MERCHANT_A}.`)).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(
    invitee.getByText("Vous n'avez aucune invitation en attente.", { exact: false }),
  ).toBeVisible();

  // The merchant list reloaded: merchant A is in B's company switcher, and B can switch to it.
  await invitee.getByRole('combobox', { name: 'Entreprise' }).click();
  await expect(invitee.getByRole('listbox').getByRole('option', { name: MERCHANT_A })).toBeVisible();
  await invitee.getByRole('option', { name: MERCHANT_A }).click();
  await invitee.goto('/');
  await expect(invitee.getByText(`Vous travaillez dans ${MERCHANT_A}.`)).toBeVisible();
  await context.close();
});

test('home tells the invitee about a pending invitation, and declining it asks first', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInFromStart(page, demo.gbOwner);
  await page.goto('/users/add');
  await inviteOwnerB(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

  const context = await browser.newContext();
  const invitee = await context.newPage();
  await signInFromStart(invitee, demo.frOwner, 'Accueil');
  await expect(invitee.getByText('Vous avez 1 invitation en attente')).toBeVisible();
  await invitee.getByRole('link', { name: "Voir l'invitation" }).click();
  const card = invitee.getByRole('region', { name: MERCHANT_A });
  await card.getByRole('button', { name: 'Refuser' }).click();
  const dialog = invitee.getByRole('dialog', { name: "Refuser l'invitation" });
  await expect(dialog).toContainText(`Refuser l'invitation de ${MERCHANT_A} ?`);
  await dialog.getByRole('button', { name: 'Refuser' }).click();
  await expect(invitee.getByText(`Invitation de ${MERCHANT_A} refusée.`)).toBeVisible();
  await expect(
    invitee.getByText("Vous n'avez aucune invitation en attente.", { exact: false }),
  ).toBeVisible();
  await invitee.goto('/');
  await expect(invitee.getByRole('heading', { name: 'Accueil' })).toBeVisible();
  await expect(invitee.getByText('invitation en attente')).toHaveCount(0);
  await context.close();

  // Owner A's users list shows the invitation's state.
  await page.goto('/users');
  const invitations = page.getByRole('region', { name: 'Invitations' });
  await expect(invitations.getByRole('row', { name: new RegExp(demo.frOwner.email) })).toContainText(
    'Declined',
  );
});

test('owner A revokes a pending invitation after confirming, and the invitee no longer sees it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signInFromStart(page, demo.gbOwner);
  await page.goto('/users/add');
  await inviteOwnerB(page);
  const invitations = page.getByRole('region', { name: 'Invitations' });
  const row = invitations.getByRole('row', { name: new RegExp(demo.frOwner.email) });
  await expect(row).toContainText('Pending');
  await expect(row).toContainText(demo.gbOwner.email);

  await row.getByRole('button', { name: `Revoke the invitation of ${demo.frOwner.email}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke invitation' });
  await expect(dialog).toContainText(`Revoke the invitation of ${demo.frOwner.email}?`);
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText(`Invitation of ${demo.frOwner.email} revoked.`)).toBeVisible();
  // The API lists open invitations only (pending, expired, declined): a revoked one leaves the list.
  await expect(row).toHaveCount(0);

  // The server agrees: owner B has no invitation left.
  const inbox = await request.get('/api/v1/invitations', { headers: await bearer(request, demo.frOwner) });
  expect((await inbox.json()).data).toEqual([]);
});
