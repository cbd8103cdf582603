import { expect, type Page, test } from '@playwright/test';
import { choose, demo, ownerAuditLog, signIn, signInFromStart, startOverride } from './support.ts';

// Issue 10: sites and devices, driven as a merchant and as staff would.

test('a site with a bad name and a duplicate name shows both SPEC §5 messages; a good one is created and edited with its name read-only', async ({
  page,
}) => {
  await signInFromStart(page, demo.gbOwner);
  await page.goto('/new-site');
  await expect(page.getByRole('heading', { name: 'New site' })).toBeVisible();
  const name = page.getByLabel(/^Site name/);
  await name.fill('Camden/Lock!');
  await page.getByLabel(/^Address line 1/).fill('5 Camden High Street');
  await page.getByLabel(/^Town or city/).fill('London');
  await page.getByLabel(/^Postcode/).fill('nw1 7jr');
  await page.getByRole('button', { name: 'Create site' }).click();
  await expect(
    page.getByText('Site name can only contain letters, number, spaces hyphens and underscores.'),
  ).toBeVisible();

  // Shoreditch is a demo site of Brightwater: the server answers that the name is taken.
  await name.fill('Shoreditch');
  await page.getByRole('button', { name: 'Create site' }).click();
  await expect(
    page.getByText('Shoreditch is already in use, please select another name to continue.'),
  ).toBeVisible();

  const unique = `Camden ${Date.now() % 100000}`;
  await name.fill(unique);
  await page.getByRole('button', { name: 'Create site' }).click();
  await expect(page).toHaveURL(/\/sites$/);
  const row = page.getByRole('row', { name: new RegExp(unique) });
  await expect(row).toContainText('NW1 7JR');
  await expect(row).toContainText('Day ends at 00:00');

  await row.getByRole('link', { name: `Edit ${unique}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit site' })).toBeVisible();
  await expect(page.getByLabel(/^Site name/)).toHaveValue(unique);
  await expect(page.getByLabel(/^Site name/)).toHaveAttribute('readonly', '');
  await expect(page.getByText('The site name cannot be changed.')).toBeVisible();
  await page.getByLabel(/^Display name/).fill('Brightwater Camden');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/sites$/);
  await expect(page.getByRole('row', { name: new RegExp(unique) })).toContainText('Brightwater Camden');
});

test('an owner orders a terminal through the three steps; the terms must be agreed first', async ({
  page,
}) => {
  await signInFromStart(page, demo.gbOwner);
  await page.goto('/request-new-device');
  await expect(page.getByText('495 g, 5.5-inch screen')).toBeVisible();
  await expect(page.getByText('262 g, 5-inch screen')).toBeVisible();
  await expect(page.getByText('£19.99').first()).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Add at least one device to your order')).toBeVisible();
  await page.getByLabel('Terminals').first().fill('2');
  await page.getByLabel('Docks').first().fill('1');
  await page.getByRole('button', { name: 'Next' }).click();

  await choose(page, 'Deliver to a site', 'Shoreditch');
  await expect(page.getByLabel(/^Address line 1/)).toHaveValue('12 Redchurch Street');
  await page.getByLabel(/^Contact name/).fill('Ada Lovelace');
  await page.getByLabel(/^Contact phone/).fill('+44 20 7946 0958');
  await expect(page.getByText(/Delivery 7am to 1pm, Monday to Saturday, from/)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('Rental per month: £39.98')).toBeVisible();
  await expect(page.getByText(/return them within 10 business days/)).toBeVisible();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('You must agree to the terms before placing an order')).toBeVisible();
  await page.getByLabel('I agree to the device rental terms').check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Thank you: your order is placed and confirmed by e-mail.')).toBeVisible();
});

test('a site manager connects a terminal by the code it shows on the phone-sized /assign-device', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const codes = (await (await request.post('/api/dev/terminal-codes')).json()).data as {
    serial: string;
    code: string;
  }[];
  const terminal = codes[0];
  if (!terminal) throw new Error('the demo world has no unassigned terminal');
  await signInFromStart(page, demo.gbManager);
  await page.goto('/assign-device');
  await expect(page.getByRole('heading', { name: 'Assign a device' })).toBeVisible();
  await page.getByLabel(/^Code shown on the terminal/).fill('ZZZZ-ZZZZ');
  await page.getByRole('button', { name: 'Connect terminal' }).click();
  await expect(page.getByText('Device not found for submitted OTP')).toBeVisible();
  await page.getByLabel(/^Code shown on the terminal/).fill(terminal.code.toLowerCase());
  await page.getByRole('button', { name: 'Connect terminal' }).click();
  await expect(page.getByText(`Terminal ${terminal.serial} is connected to Shoreditch.`)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/devices?search=${terminal.serial}`);
  await expect(page.getByRole('row', { name: new RegExp(terminal.serial) })).toContainText('Within 24 hours');
});

/** Staff sign in, override into Brightwater with a reason, and open Northern_Quarter's internal settings. */
async function staffAtInternalSettings(page: Page, reason: string): Promise<void> {
  await page.goto('/signin');
  await signIn(page, demo.staff);
  await startOverride(page, 'Brightwater Coffee Ltd', reason);
  await page.goto('/sites');
  await page
    .getByRole('row', { name: /Northern_Quarter/ })
    .getByRole('link', { name: 'Internal settings' })
    .click();
  await expect(page.getByRole('heading', { name: 'Internal settings of Northern_Quarter' })).toBeVisible();
}

test('staff change a device setting of a site; the owner reads the change in the audit log', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await staffAtInternalSettings(page, 'Ticket 815: manual entry limit');
  await page.getByRole('tab', { name: 'Device settings' }).click();
  const limit = page.getByLabel(/^Manual entry limit per transaction/);
  await expect(limit).toHaveValue('500.00');
  await limit.fill('12.345');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Limit cannot include a fraction of a penny')).toBeVisible();
  await limit.fill('350');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Device settings' }).click();
  await expect(page.getByLabel(/^Manual entry limit per transaction/)).toHaveValue('350.00');
  await page.getByRole('button', { name: 'End override' }).click();

  const { log, context } = await ownerAuditLog(browser);
  const change = log.getByRole('row', { name: /Site settings changed/ });
  await expect(change).toContainText(demo.staff.email);
  await expect(change).toContainText('Manual entry limit per transaction £500.00 → £350.00');
  await context.close();
});

test("staff replace a site's Connect secrets: each is shown once, its last four stay, the owner reads both in the audit log", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await staffAtInternalSettings(page, 'Ticket 902: the POS vendor lost its key');
  await page.getByRole('tab', { name: 'Integrations' }).click();

  // The API key: shown once under its integration's title, its last four in the line below.
  await page.getByRole('button', { name: 'New API key' }).click();
  const pullPanel = page.getByRole('alert').filter({ hasText: 'Connect pull: the new API key' });
  await expect(pullPanel).toContainText('Copy it now: it is shown only this once.');
  const apiKey = (await pullPanel.locator('pre').innerText()).trim();
  expect(apiKey).toMatch(/^sk_[\w-]{32}$/);
  await expect(page.getByText(`Secret ending in ${apiKey.slice(-4)}`)).toBeVisible();

  // The signing secret replaces the panel: one secret on screen at a time.
  await page.getByRole('button', { name: 'New signing secret' }).click();
  const pushPanel = page.getByRole('alert').filter({ hasText: 'Connect push: the new signing secret' });
  const signingSecret = (await pushPanel.locator('pre').innerText()).trim();
  expect(signingSecret).toMatch(/^whsec_[\w-]{32}$/);
  await expect(pullPanel).toHaveCount(0);
  await expect(page.getByText(`Secret ending in ${signingSecret.slice(-4)}`)).toBeVisible();

  // Never again: after a reload only the last fours are left.
  await page.reload();
  await page.getByRole('tab', { name: 'Integrations' }).click();
  await expect(page.getByText(`Secret ending in ${apiKey.slice(-4)}`)).toBeVisible();
  await expect(page.getByText(`Secret ending in ${signingSecret.slice(-4)}`)).toBeVisible();
  await expect(page.getByText(apiKey)).toHaveCount(0);
  await expect(page.getByText(signingSecret)).toHaveCount(0);
  await page.getByRole('button', { name: 'End override' }).click();

  const { log, context } = await ownerAuditLog(browser);
  await expect(log.getByRole('row', { name: /Connect pull API key replaced/ })).toContainText(
    demo.staff.email,
  );
  await expect(log.getByRole('row', { name: /Connect push signing secret replaced/ })).toContainText(
    demo.staff.email,
  );
  // Neither secret is in the log.
  await expect(log).not.toContainText(apiKey);
  await expect(log).not.toContainText(signingSecret);
  await context.close();
});

test('the command palette finds a site by name and a device by serial', async ({ page }) => {
  await signInFromStart(page, demo.gbOwner);
  await page.keyboard.press('Control+k');
  const search = page.getByPlaceholder('Jump to a screen or a company…');
  await search.fill('Northern');
  await page.getByRole('button', { name: 'Northern_Quarter · Brightwater Manchester' }).click();
  await expect(page).toHaveURL(/\/devices\?siteId=/);
  await expect(page.getByRole('row', { name: /Till/ })).toBeVisible();
  // The shortcut is ignored while a text field has focus (as Mantine's hotkeys are); the header's button is not.
  await page.getByRole('button', { name: /Jump to/ }).click();
  await search.fill('P400');
  await page.getByRole('button', { name: /^P400-\d+ · Counter 1$/ }).click();
  await expect(page).toHaveURL(/\/devices\?search=P400-/);
  await expect(page.getByRole('row', { name: /Counter 1/ })).toBeVisible();
});
