import { INVOICE_DISPLAY_TYPES, INVOICE_PAYMENT_STATUSES, INVOICE_STATUSES } from '@mp/domain/enums';
import { LOCALES } from '@mp/domain/locales';
import { z } from 'zod';

export const invoiceSchema = z
  .object({
    invoiceId: z.uuid(),
    number: z.string(),
    status: z.enum(INVOICE_STATUSES),
    displayType: z.enum(INVOICE_DISPLAY_TYPES),
    periodStart: z.string().describe('YYYY-MM-DD, first day billed'),
    periodEnd: z.string().describe('YYYY-MM-DD, last day billed'),
    subtotal: z.int().describe('Minor units: the sum of the lines'),
    taxPercent: z.string().describe('The VAT rate applied to the subtotal, e.g. "20.00"'),
    tax: z.int().describe('Minor units of VAT'),
    total: z.int().describe('subtotal + tax'),
    settledFromPayouts: z.int().describe('Minor units already deducted from payouts (net settlement)'),
    amountPaid: z.int().describe('Minor units paid, including what the payouts settled'),
    amountDue: z.int().describe('total − amountPaid'),
    currency: z.string(),
    issuedAt: z.string().nullable(),
    dueAt: z.string().nullable(),
    paidAt: z.string().nullable(),
    collectionAttempts: z.int(),
    failureReason: z.string().nullable().describe('Why the last collection attempt failed'),
    paymentStatus: z
      .enum(INVOICE_PAYMENT_STATUSES)
      .nullable()
      .describe(
        'The last collection at the provider: a Direct Debit is processing for days (the invoice stays open or overdue), then succeeded or failed; null before any attempt',
      ),
    paymentProcessingSince: z.string().nullable().describe('When the processing payment was made'),
    hostedInvoiceUrl: z
      .string()
      .nullable()
      .describe("A stripe_invoice's page at Stripe (pay, download); null for every other display type"),
    invoicePdfUrl: z.string().nullable().describe("A stripe_invoice's PDF at Stripe; null otherwise"),
  })
  .meta({ id: 'Invoice' });

export const invoiceLineSchema = z
  .object({
    kind: z.enum(['processing-fee', 'monthly-fee', 'credit', 'device-rental', 'discount', 'one-off']),
    region: z.string().nullable().describe('Card region of a processing-fee line'),
    description: z.string(),
    quantity: z.int().describe('Payments for a processing-fee line, devices for a rental'),
    unitAmount: z.int(),
    amount: z.int(),
    volume: z.int().nullable().describe('Minor units of payments (with tips) the fees were taken on'),
  })
  .meta({ id: 'InvoiceLine' });

export const invoiceDetailSchema = invoiceSchema
  .extend({
    country: z.string().nullable(),
    lines: z.array(invoiceLineSchema),
    paymentMethod: z
      .object({ type: z.string(), brand: z.string().nullable(), lastFour: z.string().nullable() })
      .nullable()
      .describe('The payment method the invoice was collected from (or last tried)'),
  })
  .meta({ id: 'InvoiceDetail' });

export const invoicePathSchema = z.object({
  id: z.string().describe('The merchant id'),
  invoiceId: z.string().describe('The invoice id'),
});

export const invoicePdfQuerySchema = z.object({
  locale: z.enum(LOCALES).optional().describe('Language of the file (en-GB by default)'),
});
