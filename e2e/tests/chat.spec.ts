import { expect, test } from '@playwright/test';
import { latestMail } from './identity-outbox.ts';
import { demo, signInFromStart } from './support.ts';

// Issue 14 §4: the customer-chat widget for a signed-in merchant user, identified by the backend's user hash.
// Without INTERCOM_APP_ID the API names the built-in help panel (the embedded default) and the portal shows it.

test('a signed-in owner gets the help launcher with their backend identity hash; sign-out removes it', async ({
  page,
}) => {
  const identity = page.waitForResponse(
    (r) => r.url().includes('/api/v1/chat/identity?client=web') && r.request().method() === 'GET',
  );
  await signInFromStart(page, demo.gbOwner);
  const answer = await identity;
  expect(answer.status()).toBe(200);
  const { data } = await answer.json();
  expect(data.provider).toBe('embedded');
  expect(data.userHash).toMatch(/^[0-9a-f]{64}$/);

  await page.getByRole('button', { name: 'Help', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Help and support' });
  await expect(panel).toContainText('Hi Olivia Bennett, how can we help?');
  await expect(panel.getByTestId('chat-reference')).toHaveText(data.userHash.slice(0, 12));
  await panel.getByRole('button', { name: 'Close help' }).click();
  await expect(panel).toBeHidden();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Help', exact: true })).toHaveCount(0);
});

test('the help panel sends a message to support, reply-to the user, who gets a confirmation', async ({
  page,
  request,
}) => {
  await signInFromStart(page, demo.gbManager);
  await page.getByRole('button', { name: 'Help', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Help and support' });
  const subject = `Receipt printer ${Date.now().toString(36)}`;
  await panel.getByRole('button', { name: 'Send message' }).click();
  await expect(panel.getByText('Required')).toHaveCount(2);
  await panel.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await panel
    .getByRole('textbox', { name: 'Message' })
    .fill('The printer of the second till\nprints blank receipts.');
  const about = panel.getByRole('checkbox', { name: /^About / });
  await expect(about).toBeChecked();
  await panel.getByRole('button', { name: 'Send message' }).click();
  const sent = panel.getByTestId('support-sent');
  await expect(sent).toContainText('Message sent. Your reference is S-');
  const reference = /S-[0-9A-F]{8}/.exec((await sent.textContent()) ?? '')?.[0];
  expect(reference).toBeDefined();

  // The embedded mail outbox (SUPPORT_EMAIL's default) holds the message, reply-to the manager.
  const mail = await latestMail(request, 'support@localhost', 'support_message');
  expect(mail.subject).toBe(`[Support ${reference}] ${subject}`);
  expect(mail.replyTo).toBe(demo.gbManager.email);
  expect(mail.text).toContain(`<${demo.gbManager.email}>`);
  expect(mail.text).toMatch(/Company: .+ \([0-9a-f-]{36}\)/);
  expect(mail.text).toContain('The printer of the second till\nprints blank receipts.');
  const confirmation = await latestMail(request, demo.gbManager.email, 'support_confirmation');
  expect(confirmation.subject).toBe('We have received your message');
  expect(confirmation.text).toContain(reference as string);

  await panel.getByRole('button', { name: 'Write another message' }).click();
  await expect(panel.getByRole('textbox', { name: 'Subject' })).toHaveValue('');
});

test('on /join a signed-in owner keeps the help launcher 100 px up; on a phone-wide window it is hidden (SPEC §9)', async ({
  page,
}) => {
  await signInFromStart(page, demo.gbOwner);
  await page.goto('/join');
  const launcher = page.getByRole('button', { name: 'Help', exact: true });
  await expect(launcher).toBeVisible();
  const viewport = page.viewportSize();
  const box = await launcher.boundingBox();
  expect(viewport && box && Math.round(viewport.height - (box.y + box.height))).toBe(100);
  await launcher.click();
  await expect(page.getByRole('dialog', { name: 'Help and support' })).toContainText(
    'Hi Olivia Bennett, how can we help?',
  );
  await page
    .getByRole('dialog', { name: 'Help and support' })
    .getByRole('button', { name: 'Close help' })
    .click();

  await page.setViewportSize({ width: 600, height: 800 });
  await expect(launcher).toHaveCount(0);
  await page.setViewportSize({ width: 601, height: 800 });
  await expect(launcher).toBeVisible();
});
