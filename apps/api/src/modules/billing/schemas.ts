import { PAYMENT_METHOD_TYPES } from '@mp/domain/enums';
import { z } from 'zod';

export const paymentMethodSchema = z
  .object({
    paymentMethodId: z.uuid(),
    type: z.enum(PAYMENT_METHOD_TYPES),
    brand: z.string().nullable().describe('Card brand; for SEPA the IBAN country; for BACS the sort code'),
    lastFour: z.string().nullable(),
    expMonth: z.number().int().nullable(),
    expYear: z.number().int().nullable(),
    isDefault: z.boolean(),
  })
  .meta({ id: 'PaymentMethod' });

export const billingSettingsSchema = z
  .object({
    paymentMethods: z.array(paymentMethodSchema),
    defaultPaymentMethod: z.uuid().nullable(),
    stripeCustomerId: z.string().nullable(),
    hasRates: z.boolean(),
    hasSignedRates: z.boolean(),
    ratesSignUrl: z.string().nullable(),
    billingEmail: z.string().nullable(),
    recommendedPaymentMethods: z.number().int(),
  })
  .meta({ id: 'BillingSettings' });

export const paymentMethodParamsSchema = z.object({ id: z.string(), pmId: z.uuid() });
export const sessionParamsSchema = z.object({ id: z.string(), sessionId: z.uuid() });

export const billingSessionSchema = z.object({
  sessionId: z.uuid(),
  paymentToken: z.string(),
  stripePublicKey: z.string().nullable(),
  hostedPageUrl: z.url(),
});

export const billingSessionResultSchema = z.object({
  sessionId: z.uuid(),
  status: z.enum(['open', 'succeeded', 'failed']),
  failureReason: z.string().nullable(),
  paymentMethod: paymentMethodSchema.nullable(),
});
