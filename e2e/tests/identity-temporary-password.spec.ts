import { expect, test } from '@playwright/test';
import { latestMail, uniqueEmail } from './identity-outbox.ts';
import { demo, signIn } from './support.ts';

test('an invited user signs in with the temporary password, chooses a new one and is signed in', async ({
  page,
  request,
}) => {
  // The GB owner invites a colleague through the users API, as the Users screen does.
  const ownerSession = await request.post('/api/identity/sign-in', { data: demo.gbOwner });
  expect(ownerSession.ok()).toBe(true);
  const { accessToken } = (await ownerSession.json()).data as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const merchants = (await (await request.get('/api/merchants', { headers })).json()).data as {
    merchantId: string;
    legalEntityName: string;
  }[];
  const brightwater = merchants.find((m) => m.legalEntityName === 'Brightwater Coffee Ltd');
  expect(brightwater).toBeDefined();
  const email = uniqueEmail('invitee');
  const invite = await request.post(`/api/v1/merchants/${brightwater?.merchantId}/users`, {
    headers,
    data: { email, firstName: 'Ivy', lastName: 'Invitee', companyRoles: ['CompanyOwner'], siteRoles: [] },
  });
  expect(invite.status(), await invite.text()).toBeLessThan(300);

  const invitation = await latestMail(request, email, 'temporary_password');
  const temporaryPassword = /Temporary password: (\S+)/.exec(invitation.text)?.[1] ?? '';
  expect(temporaryPassword).not.toBe('');

  await page.goto('/signin');
  await signIn(page, { email, password: temporaryPassword });
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save password' });
  await page.getByLabel(/^New password/).fill('Chosen-2026x');
  await page.getByLabel(/^Repeat password/).fill('Chosen-2026y');
  await page.getByLabel(/^Repeat password/).blur();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await expect(save).toBeDisabled();
  await page.getByLabel(/^Repeat password/).fill('Chosen-2026x');
  await save.click();

  await expect(page.getByText('Your password has been updated.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await expect(page.getByText('Welcome, Ivy')).toBeVisible();
  await expect(page.getByText('You are working in Brightwater Coffee Ltd.')).toBeVisible();

  // The temporary password is spent: only the new one signs in.
  const again = await request.post('/api/identity/sign-in', { data: { email, password: temporaryPassword } });
  expect(again.status()).toBe(401);
  expect((await again.json()).error.message).toBe('Incorrect email or password');
});
