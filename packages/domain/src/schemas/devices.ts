// SPEC §5: device rental terms must be agreed before ordering.
import { z } from 'zod';
import { DELIVERY_WINDOW } from '../constants.ts';
import { DEVICE_MODEL_IDS, type DeviceModel } from '../enums.ts';
import { objectInput, requiredText, stringInput } from './common.ts';
import { phoneNumberSchema } from './phone.ts';
import { siteAddressSchema } from './site.ts';

export const deviceRentalTermsSchema = z.literal(true, { error: 'validation.termsNotAgreed' });

/** The agreement part of a device order form (the order payload's other fields are not in SPEC). */
export const deviceOrderAgreementSchema = objectInput({ termsAgreed: deviceRentalTermsSchema });

/** A device's label (ours): what the merchant calls the terminal, e.g. "Till 2". */
export const deviceLabelSchema = stringInput('validation.deviceLabelInvalid')
  .trim()
  .min(1, { error: 'validation.deviceLabelInvalid', abort: true })
  .max(50, { error: 'validation.deviceLabelInvalid' });

export const DEVICE_ORDER_MAX_QUANTITY = 50;

const quantitySchema = z
  .number({ error: 'validation.deviceQuantityInvalid' })
  .int({ error: 'validation.deviceQuantityInvalid' })
  .min(0, { error: 'validation.deviceQuantityInvalid' })
  .max(DEVICE_ORDER_MAX_QUANTITY, { error: 'validation.deviceQuantityInvalid' });

/** Step 1, the basket: how many terminals of each model, and docks (SPEC §9 dock £9.99 outright). */
export const deviceOrderBasketSchema = objectInput({
  lines: z
    .array(
      objectInput({
        model: z.enum(DEVICE_MODEL_IDS as [DeviceModel, ...DeviceModel[]], { error: 'validation.invalid' }),
        quantity: quantitySchema,
        docks: quantitySchema,
      }),
      {
        error: (issue) =>
          issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalid',
      },
    )
    .max(DEVICE_MODEL_IDS.length, { error: 'validation.invalid' })
    .refine((lines) => new Set(lines.map((line) => line.model)).size === lines.length, {
      error: 'validation.invalid',
    })
    .refine((lines) => lines.some((line) => line.quantity > 0), { error: 'validation.deviceOrderEmpty' }),
});

/** Step 2, the point of contact and delivery address. */
export const deviceOrderContactSchema = objectInput({
  siteId: z.uuid({ error: 'validation.invalid' }).optional(),
  contactName: requiredText(100),
  contactPhone: phoneNumberSchema,
  deliveryAddress: siteAddressSchema,
});

/** The whole order as the API receives it (POST /merchants/{id}/devices). */
export const deviceOrderSchema = deviceOrderBasketSchema
  .extend(deviceOrderContactSchema.shape)
  .extend(deviceOrderAgreementSchema.shape);
export type DeviceOrderInput = z.output<typeof deviceOrderSchema>;

/**
 * The one-time code a terminal shows to be connected: 8 letters and digits of an alphabet without look-alikes
 * (no I, L, O, U), shown as XXXX-XXXX; spaces, hyphens and case are forgiven.
 */
export const DEVICE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const DEVICE_CODE_LENGTH = 8;
export const normaliseDeviceCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
export const deviceCodeSchema = requiredText(20)
  .transform(normaliseDeviceCode)
  .refine(
    (code) => code.length === DEVICE_CODE_LENGTH && [...code].every((c) => DEVICE_CODE_ALPHABET.includes(c)),
    {
      error: 'validation.deviceOtpNotFound',
    },
  );

/**
 * SPEC §9 delivery "7am to 1pm, Monday to Saturday": an order placed on `orderDate` (YYYY-MM-DD, merchant time
 * zone) is dispatched the next day and delivered at the earliest on the first Monday to Saturday from the day
 * after that (ours: one day to pack, one in transit).
 */
export function firstDeliveryDate(orderDate: string): string {
  const date = new Date(`${orderDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 2);
  const isoWeekday = () => ((date.getUTCDay() + 6) % 7) + 1;
  while (!(DELIVERY_WINDOW.weekdays as readonly number[]).includes(isoWeekday()))
    date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
