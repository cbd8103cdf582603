import { type APIRequestContext, expect, test } from '@playwright/test';
import { confirmedAccount } from './identity-outbox.ts';
import { demo, signIn, startOverride } from './support.ts';

/** A merchant pending verification, onboarded through the API as the wizard does (application, then account). */
async function pendingMerchant(request: APIRequestContext, account: { email: string; password: string }) {
  const session = await request.post('/api/identity/sign-in', { data: account });
  expect(session.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await session.json()).data.accessToken}` };
  const application = await request.post('/api/v1/onboarding/applications', { data: {}, headers });
  expect(application.status()).toBe(201);
  // A name of its own per run, so the staff search finds this merchant alone.
  const legalEntityName = `Kyc${Date.now().toString(36)} Bakery Ltd`;
  const created = await request.post('/api/v1/customer-accounts', {
    headers,
    data: {
      applicationId: (await application.json()).data.applicationId,
      company: {
        entityType: 'company',
        country: 'GB',
        legalEntityName,
        registrationNumber: '01234567',
        industry: '5812',
        phone: '+44 20 7946 0000',
      },
      payments: { pricing: 'standard', acceptedPaymentMethods: ['in-person'], billingPaymentMethod: 'card' },
      site: {
        name: 'Bakery Main',
        address: { line1: '2 Quay Street', city: 'Bristol', postalCode: 'BS1 4AA', country: 'GB' },
      },
    },
  });
  expect(created.status()).toBe(201);
  return legalEntityName;
}

test('staff record "verified" for a pending merchant on staff company settings; the merchant user then gets past the onboarding guard', async ({
  page,
  browser,
  request,
}) => {
  // Two sign-ins, one with the authenticator code (issue 15), and the heavy staff form on a loaded machine.
  test.setTimeout(180_000);
  const slowLoad = { timeout: 20_000 };
  const account = await confirmedAccount(request, 'kyc-reviewed');
  const legalEntityName = await pendingMerchant(request, account);

  // The merchant user: pending, so onboarding's verification step is still theirs.
  const merchantContext = await browser.newContext();
  const merchantPage = await merchantContext.newPage();
  await merchantPage.goto('/signin');
  await signIn(merchantPage, account);
  await expect(merchantPage.getByRole('heading', { name: 'Home' })).toBeVisible(slowLoad);
  await merchantPage.goto('/onboarding/wizard');
  await expect(
    merchantPage.getByText(`Your account ${legalEntityName} is waiting for verification.`),
  ).toBeVisible(slowLoad);

  // Staff: override into the merchant, then record the outcome with a reason.
  await page.goto('/signin');
  await signIn(page, demo.staff);
  await expect(page).toHaveURL(/\/companies$/);
  await startOverride(page, legalEntityName, 'Ticket 5120: verification review');
  await page.goto('/company-settings/staff');
  const checks = page.getByRole('group', { name: 'Verification checks' });
  await expect(checks.getByText('Pending', { exact: true })).toBeVisible(slowLoad);
  await checks.getByRole('button', { name: 'Record outcome' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record the verification outcome' });
  await dialog.getByRole('radio', { name: 'Verified' }).check();
  await dialog.getByLabel(/^Reason/).fill('Director passport and Companies House entry checked');
  await dialog.getByRole('button', { name: 'Record outcome' }).click();
  await expect(page.getByText('Verification outcome recorded: Verified.')).toBeVisible();
  await expect(checks.getByText('Verified', { exact: true })).toBeVisible();
  await expect(checks.getByRole('button', { name: 'Record outcome' })).toBeDisabled();

  // The merchant user: verified now, so the onboarding guard sends them home (SPEC §2.2).
  await merchantPage.goto('/onboarding/wizard');
  await expect(merchantPage).toHaveURL(/\/$/, slowLoad);
  await expect(merchantPage.getByRole('heading', { name: 'Home' })).toBeVisible(slowLoad);
  await merchantContext.close();
});
