// The validator's own file, not the SDK's index: the webhook runs in every API process, and the index loads
// the whole Adyen SDK (~60 MB resident, ~20 MB of heap); the SDK loads only with the refunds adapter.
import { createRequire } from 'node:module';
import { z } from 'zod';

/** One item of an Adyen standard notification (the fields the HMAC signs, and what we read). */
export const adyenNotificationItemSchema = z.object({
  additionalData: z.record(z.string(), z.unknown()).optional(),
  amount: z.object({
    currency: z.string().regex(/^[A-Z]{3}$/, { error: 'must be an ISO 4217 currency code' }),
    value: z.int().min(0).max(Number.MAX_SAFE_INTEGER),
  }),
  eventCode: z.string().min(1).max(64),
  eventDate: z.iso.datetime({ offset: true }),
  merchantAccountCode: z.string().max(200),
  merchantReference: z.string().max(200).optional(),
  originalReference: z.string().max(64).optional(),
  paymentMethod: z.string().max(64).optional(),
  pspReference: z.string().min(1).max(64),
  reason: z.string().max(1000).optional(),
  success: z.enum(['true', 'false']),
  operations: z.array(z.string()).optional(),
});
export type AdyenNotificationItem = z.infer<typeof adyenNotificationItemSchema>;

export const adyenNotificationSchema = z
  .object({
    live: z.enum(['true', 'false']),
    notificationItems: z
      .array(z.object({ NotificationRequestItem: adyenNotificationItemSchema }))
      .min(1)
      .max(1000),
  })
  .meta({ id: 'AdyenNotification' });
export type AdyenNotification = z.infer<typeof adyenNotificationSchema>;

// Required, not imported: the file is CommonJS with `exports.default`, which Node's import and Vite's (the
// tests) would hand over differently.
const HmacValidator = (
  createRequire(import.meta.url)('@adyen/api-library/lib/src/utils/hmacValidator.js') as {
    default: typeof import('@adyen/api-library/lib/src/utils/hmacValidator.js').default;
  }
).default;
const validator = new HmacValidator();

type LibraryItem = Parameters<InstanceType<typeof HmacValidator>['validateHMAC']>[0];

/** Adyen's own validator (constant-time compare); a missing signature is an invalid one. */
export function hasValidHmac(item: AdyenNotificationItem, hmacKey: string): boolean {
  try {
    return validator.validateHMAC(item as unknown as LibraryItem, hmacKey);
  } catch {
    return false;
  }
}

/** Signs an item as Adyen does (the simulator and tests), returning the item with `hmacSignature` set. */
export function signItem(item: AdyenNotificationItem, hmacKey: string): AdyenNotificationItem {
  const signature = validator.calculateHmac(item as unknown as LibraryItem, hmacKey);
  return { ...item, additionalData: { ...item.additionalData, hmacSignature: signature } };
}
