import { expect, test } from '@playwright/test';
import { demo, ownerAuditLog, signIn } from './support.ts';

test('staff search a merchant, override with a reason, see the banner and change its rates once a day; the owner reads the change in the audit log', async ({
  page,
  browser,
}) => {
  // 180 s: the sign-in now includes the authenticator code (issue 15), and this long flow passed 90 s on a loaded machine.
  test.setTimeout(180_000);
  // Staff belong to no merchant: they land on /companies, with the menu (issue 9), not on onboarding.
  await page.goto('/signin');
  await signIn(page, demo.staff);
  await expect(page).toHaveURL(/\/companies$/);
  await expect(page.getByRole('heading', { name: 'Manage companies' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toContainText('Manage companies');
  await page.getByLabel('Legal entity name').fill('Brightwater');
  await page.getByRole('button', { name: 'Search' }).click();
  // The search belongs to no merchant: staff's own audit log on this screen shows it at once.
  const searched = page
    .getByRole('table', { name: 'Staff audit log' })
    .getByRole('row')
    .filter({ hasText: 'Name Brightwater' })
    .first();
  await expect(searched).toContainText('Staff search');
  await expect(searched).toContainText(demo.staff.email);
  await expect(searched).toContainText('Results 1');
  // Its person filter names who appears in the log: choosing the searcher keeps the search.
  await page.getByRole('combobox', { name: 'Person' }).click();
  await page.getByRole('option', { name: `${demo.staff.firstName} ${demo.staff.lastName}` }).click();
  await expect(page).toHaveURL(/auditPerson=/);
  await expect(searched).toContainText('Results 1');
  await page.getByRole('button', { name: 'Override into Brightwater Coffee Ltd' }).click();

  const start = page.getByRole('button', { name: 'Start override' });
  await expect(start).toBeDisabled();
  await page.getByLabel(/^Reason/).fill('Ticket 4711: rates review');
  await start.click();

  const banner = page.getByRole('status').filter({ hasText: 'Staff override' });
  await expect(banner).toContainText(
    /You are acting in Brightwater Coffee Ltd as staff — reason: Ticket 4711: rates review, until \d{2}:\d{2}/,
  );

  // Full page loads of this heavy form took over the default 7 s on a loaded machine (load average 30 on two
  // cores): the screenshots taken after the failures showed the form; these waits are 20 s.
  const slowLoad = { timeout: 20_000 };
  await page.goto('/company-settings/staff');
  await expect(page.getByRole('heading', { name: 'Staff company settings' })).toBeVisible(slowLoad);
  await expect(banner).toBeVisible();
  const domestic = page.getByLabel(/^Domestic/);
  // The demo's rates were set when Brightwater joined, so SPEC §8's once-a-day rule allows a change today.
  await expect(domestic).toHaveValue('1.2', slowLoad);
  await expect(page.getByText('Rates cannot be updated today; come back tomorrow')).toHaveCount(0);

  // A second tab opened before the change still offers the form: its save reaches the server's once-a-day rule.
  const staleTab = await page.context().newPage();
  await staleTab.goto('/company-settings/staff');
  await expect(staleTab.getByLabel(/^Domestic/)).toHaveValue('1.2', slowLoad);

  await domestic.fill('1.35');
  await page.getByRole('button', { name: 'Save rates' }).click();
  await expect(page.getByText('Rates saved.')).toBeVisible();
  await expect(domestic).toHaveValue('1.35');
  await expect(page.getByText('Rates cannot be updated today; come back tomorrow')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save rates' })).toBeDisabled();
  await page.reload();
  await expect(page.getByLabel(/^Domestic/)).toHaveValue('1.35', slowLoad);

  await staleTab.getByLabel(/^Domestic/).fill('1.4');
  const staleSave = staleTab.getByRole('button', { name: 'Save rates' });
  await expect(staleSave).toBeEnabled();
  await staleSave.click();
  await expect(staleTab.getByText('Rates cannot be updated today; come back tomorrow')).toBeVisible();
  await expect(staleSave).toBeDisabled();
  await staleTab.close();
  await page.reload();
  await expect(page.getByLabel(/^Domestic/)).toHaveValue('1.35', slowLoad);

  // Associating a deal copies a deal staff made (decision 0079): a reference that names none is refused and the
  // merchant's current reference stays as it was.
  const current = page.getByText(/^Deal reference: DEAL-/).last();
  const before = await current.textContent();
  await page.getByLabel('Deal reference').fill('DL-E2E42');
  await page.getByRole('button', { name: 'Associate' }).click();
  await expect(
    page.getByText('Deal not found: it does not exist, was withdrawn or has expired'),
  ).toBeVisible();
  await expect(page.getByText('Deal DL-E2E42 associated.')).toHaveCount(0);
  await expect(current).toHaveText(before ?? '');

  // Churning cannot be undone: the button asks first, naming the date (30 days rolling plus the delay); Cancel
  // sends nothing, only the dialog's confirm schedules it (the status stays Active until that date).
  const churn = page.getByRole('group', { name: 'Churn customer' });
  await churn.getByLabel('Delay in days').fill('5');
  const churnRequests: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/churn')) churnRequests.push(request.url());
  });
  await churn.getByRole('button', { name: 'Churn', exact: true }).click();
  const churnDialog = page.getByRole('dialog', { name: 'Churn Brightwater Coffee Ltd?' });
  await expect(churnDialog).toContainText(/Brightwater Coffee Ltd churns on \d{1,2} \w{3} \d{4}: /);
  await churnDialog.getByRole('button', { name: 'Cancel' }).last().click();
  await expect(churnDialog).toHaveCount(0);
  expect(churnRequests).toEqual([]);
  await churn.getByRole('button', { name: 'Churn', exact: true }).click();
  const promised = (await churnDialog.textContent())?.match(/churns on (\d{1,2} \w{3} \d{4})/)?.[1];
  await churnDialog.getByRole('button', { name: 'Churn', exact: true }).click();
  await expect(page.getByText(`The customer churns on ${promised}.`)).toBeVisible();
  await expect(churnDialog).toHaveCount(0);
  expect(churnRequests).toHaveLength(1);

  await page.getByRole('button', { name: 'End override' }).click();
  await expect(banner).toHaveCount(0);

  const { log, owner, context } = await ownerAuditLog(browser);
  await expect(log.getByRole('row', { name: /Staff override started/ })).toContainText(demo.staff.email);
  const ratesChange = log.getByRole('row', { name: /Rates changed/ });
  await expect(ratesChange).toHaveCount(1);
  await expect(ratesChange).toContainText(demo.staff.email);
  await expect(ratesChange).toContainText('Staff (override)');
  // Readable, never JSON (issue 9).
  await expect(ratesChange).toContainText('Domestic rate 1.20 % → 1.35 %');
  // When, in the merchant's time zone and labelled with it (Brightwater: Europe/London).
  await expect(ratesChange.getByRole('cell').first()).toHaveText(/\d{2}:\d{2}:\d{2} (GMT|BST)$/);
  await expect(log.getByRole('row', { name: /Staff override ended/ })).toContainText(demo.staff.email);

  // Changed rates are rates the owner has not signed (decision 0090): the banner asks, and signing them on the
  // e-signature page (the embedded test provider) shows the new rate and clears it.
  await owner.goto('/sites');
  await owner.getByRole('link', { name: 'Sign your rates' }).click();
  await expect(
    owner.getByRole('table', { name: 'Your rates' }).getByRole('row').filter({ hasText: 'Domestic cards' }),
  ).toContainText('1.35%');
  await owner.getByLabel('Your full name').fill('Olivia Brightwater');
  await owner.getByLabel('I have read these rates and agree to them').check();
  await owner.getByRole('button', { name: 'Sign' }).click();
  await expect(owner).toHaveURL(/\/billing\/payment-methods/);
  // Signed rates unblock device orders again ("Deal not signed" until then).
  await owner.goto('/request-new-device');
  await expect(owner.getByText('495 g, 5.5-inch screen')).toBeVisible(slowLoad);
  await expect(owner.getByText('Deal not signed', { exact: false })).toHaveCount(0);
  await context.close();
});
