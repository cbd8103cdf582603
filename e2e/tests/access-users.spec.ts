import { expect, test } from '@playwright/test';
import { latestMail, uniqueEmail } from './identity-outbox.ts';
import { demo, signIn, signInFromStart } from './support.ts';

test('the GB owner invites a site manager for one site, who signs in, sets a password and sees only that site', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInFromStart(page, demo.gbOwner);
  await page.getByRole('link', { name: 'Users' }).first().click();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Invite user' }).click();

  const email = uniqueEmail('site.manager');
  const send = page.getByRole('button', { name: 'Send invitation' });
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^First name/).fill('Sita');
  await page.getByLabel(/^Last name/).fill('Manager');
  await page.getByLabel(/^Last name/).blur();
  // SPEC §5: a non-admin user needs a site; submit stays disabled until one is picked.
  await expect(page.getByText('At least one site must be selected')).toBeVisible();
  await expect(send).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Brightwater Shoreditch' }).check();
  await expect(page.getByText('At least one site must be selected')).toBeHidden();
  await send.click();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText('Brightwater Shoreditch');
  // The audit log names the site the role was given on, not its id nor a count.
  await page.goto('/company-settings');
  await page.getByRole('tab', { name: 'Audit log' }).click();
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log.getByRole('row').filter({ hasText: email })).toContainText(
    'Sites Brightwater Shoreditch: Site manager',
  );
  // At a phone's width an entry is one cell, read without scrolling the table sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(log.getByRole('columnheader', { name: 'Details' })).toBeHidden();
  const entry = log.getByRole('row').filter({ hasText: email }).getByRole('cell');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('User invited');
  await expect(entry).toContainText('Sites Brightwater Shoreditch: Site manager');
  // Polled: the shell's navbar and padding move to the phone layout with a transition after the resize.
  await expect
    .poll(() => log.evaluate((table) => table.getBoundingClientRect().right <= window.innerWidth))
    .toBe(true);
  await page.setViewportSize({ width: 1280, height: 720 });

  const invitation = await latestMail(request, email, 'temporary_password');
  const temporaryPassword = /Temporary password: (\S+)/.exec(invitation.text)?.[1] ?? '';
  expect(temporaryPassword).not.toBe('');

  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto('/signin');
  await signIn(invitee, { email, password: temporaryPassword });
  await expect(invitee.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await invitee.getByLabel(/^New password/).fill('Sita-chosen-2026');
  await invitee.getByLabel(/^Repeat password/).fill('Sita-chosen-2026');
  await invitee.getByRole('button', { name: 'Save password' }).click();
  await expect(invitee.getByText('Your password has been updated.')).toBeVisible();
  await expect(invitee.getByRole('heading', { name: 'Home' })).toBeVisible();

  // Only site menus: no users, billing or company settings.
  const nav = invitee.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Transactions' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Company settings' })).toHaveCount(0);
  await invitee.goto('/users');
  await expect(invitee).toHaveURL(/\/not-found$/);
  await expect(invitee.getByRole('heading', { name: 'Did you get lost?' })).toBeVisible();

  // The server shows the invitee only the site they were given.
  const session = await request.post('/api/identity/sign-in', {
    data: { email, password: 'Sita-chosen-2026' },
  });
  const headers = { authorization: `Bearer ${(await session.json()).data.accessToken}` };
  const [merchant] = (await (await request.get('/api/merchants', { headers })).json()).data;
  const sites = (await (await request.get(`/api/merchants/${merchant.merchantId}/sites`, { headers })).json())
    .data as { displayName: string }[];
  expect(sites.map((site) => site.displayName)).toEqual(['Brightwater Shoreditch']);
  await context.close();
});
