// Card payments as the PSP notifies them (Adyen's webhook), for the specs that watch them arrive.
import { createHmac, randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { E2E_ADYEN } from '../adyen-credentials.ts';
import { demo, signInFromStart } from './support.ts';

/** Adyen's HMAC of a standard notification item (the fields it signs, joined by colons; base64 SHA-256). */
function sign(item: Record<string, unknown> & { amount: { value: number; currency: string } }) {
  const fields = [
    item.pspReference,
    item.originalReference ?? '',
    item.merchantAccountCode,
    item.merchantReference ?? '',
    item.amount.value,
    item.amount.currency,
    item.eventCode,
    item.success,
  ].join(':');
  return createHmac('sha256', Buffer.from(E2E_ADYEN.hmacKey, 'hex')).update(fields, 'utf8').digest('base64');
}

/** The first site of the GB owner's merchant, read through the API as the owner. */
async function firstSiteOfGbOwner(request: APIRequestContext): Promise<string> {
  const session = await request.post('/api/identity/sign-in', { data: demo.gbOwner });
  const headers = { authorization: `Bearer ${(await session.json()).data.accessToken}` };
  const [merchant] = (await (await request.get('/api/merchants', { headers })).json()).data as {
    merchantId: string;
  }[];
  const sites = (
    await (await request.get(`/api/merchants/${merchant?.merchantId}/sites`, { headers })).json()
  ).data as { siteId: string }[];
  const siteId = sites[0]?.siteId;
  if (!siteId) throw new Error('the GB owner has no site');
  return siteId;
}

/** A tap-to-pay payment at the site, delivered to the webhook as Adyen delivers it (basic auth, HMAC). */
export async function deliverPayment(
  request: APIRequestContext,
  siteId: string,
  value: number,
): Promise<string> {
  const pspReference = randomBytes(8).toString('hex').toUpperCase();
  const item = {
    additionalData: {
      'metadata.siteId': siteId,
      'metadata.source': 'tap-to-pay',
      cardBin: '424242',
      cardSummary: '4242',
      issuerCountry: 'GB',
    } as Record<string, string>,
    amount: { currency: 'GBP', value },
    eventCode: 'AUTHORISATION',
    eventDate: new Date().toISOString(),
    merchantAccountCode: 'BrightwaterECOM',
    merchantReference: `e2e-${pspReference}`,
    paymentMethod: 'visa',
    pspReference,
    success: 'true',
  };
  item.additionalData.hmacSignature = sign(item);
  const response = await request.post('/api/psp/adyen/notifications', {
    headers: {
      authorization: `Basic ${Buffer.from(`${E2E_ADYEN.username}:${E2E_ADYEN.password}`).toString('base64')}`,
    },
    data: { live: 'false', notificationItems: [{ NotificationRequestItem: item }] },
  });
  expect(response.status()).toBe(200);
  expect(await response.text()).toBe('[accepted]');
  return pspReference;
}

/**
 * Signs the GB owner in from the start and opens /transactions until its first rows show and its live updates are
 * connected; answers the site new payments go to (read through the API) and the list's table.
 */
export async function openLiveTransactions(
  page: Page,
  request: APIRequestContext,
): Promise<{ siteId: string; table: Locator }> {
  const siteId = await firstSiteOfGbOwner(request);
  await signInFromStart(page, demo.gbOwner);
  await page.goto('/transactions');
  const table = page.getByRole('table', { name: 'Transactions' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();
  return { siteId, table };
}
