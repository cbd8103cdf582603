import { randomBytes } from 'node:crypto';
import type { App } from '../../src/app.ts';
import { type AdyenNotificationItem, signItem } from '../../src/modules/psp/adyen-notification.ts';

/** The key of Adyen's own HMAC tests (their libraries' published test vector). */
export const ADYEN_TEST_HMAC_KEY = 'DFB1EB5485895CFA84146406857104ABB4CBCABDC8AAF103A624C8F6A3EAAB00';
export const ADYEN_TEST_ENV = {
  ADYEN_HMAC_KEY: ADYEN_TEST_HMAC_KEY,
  ADYEN_NOTIFICATION_USERNAME: 'adyen-webhook',
  ADYEN_NOTIFICATION_PASSWORD: 'Webhook-test-2026',
};

export const basicAuth = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/** A unique 16-character PSP reference, as Adyen's look. */
export const pspRef = () => randomBytes(8).toString('hex').toUpperCase();

export function item(
  overrides: Partial<AdyenNotificationItem> & { pspReference: string },
): AdyenNotificationItem {
  return {
    additionalData: {},
    amount: { currency: 'GBP', value: 1000 },
    eventCode: 'AUTHORISATION',
    eventDate: '2026-03-01T10:00:00+00:00',
    merchantAccountCode: 'TestMerchantAccount',
    merchantReference: `order-${overrides.pspReference}`,
    paymentMethod: 'visa',
    reason: '',
    success: 'true',
    ...overrides,
  };
}

/** Posts a notification as Adyen does: basic auth and each item signed (unless told otherwise). */
export function deliver(
  app: App,
  items: AdyenNotificationItem[],
  options: { sign?: boolean; authorization?: string; hmacKey?: string } = {},
) {
  const key = options.hmacKey ?? ADYEN_TEST_HMAC_KEY;
  const signed = options.sign === false ? items : items.map((entry) => signItem(entry, key));
  return app.inject({
    method: 'POST',
    url: '/api/psp/adyen/notifications',
    headers: {
      authorization:
        options.authorization ??
        basicAuth(ADYEN_TEST_ENV.ADYEN_NOTIFICATION_USERNAME, ADYEN_TEST_ENV.ADYEN_NOTIFICATION_PASSWORD),
    },
    payload: {
      live: 'false',
      notificationItems: signed.map((entry) => ({ NotificationRequestItem: entry })),
    },
  });
}

/**
 * A captured sale at `siteId` of `merchantId`, made by an AUTHORISATION through the webhook (the amount includes
 * the tip, as Adyen's does); its transaction id and PSP reference, found as `headers` (a member's) finds it.
 */
export async function capturedPayment(
  app: App,
  target: { merchantId: string; siteId: string; headers: { authorization: string } },
  value: number,
  options: { tip?: number; eventDate?: string; additionalData?: Record<string, string> } = {},
): Promise<{ id: string; psp: string }> {
  const psp = pspRef();
  const additionalData: Record<string, string> = {
    'metadata.siteId': target.siteId,
    ...options.additionalData,
  };
  if (options.tip) additionalData['posadditionalamounts.gratuityAmount'] = String(options.tip);
  const answer = await deliver(app, [
    item({
      pspReference: psp,
      amount: { currency: 'GBP', value },
      eventDate: options.eventDate ?? new Date().toISOString(),
      additionalData,
    }),
  ]);
  if (answer.statusCode !== 200) throw new Error(`the webhook answered ${answer.statusCode}: ${answer.body}`);
  const found = await app.inject({
    method: 'POST',
    url: `/api/v1/merchants/${target.merchantId}/transactions/psp`,
    headers: target.headers,
    payload: { pspReferences: [psp] },
  });
  const id = found.json().data?.[0]?.id;
  if (typeof id !== 'string') throw new Error(`payment ${psp} not found: ${found.body}`);
  return { id, psp };
}
