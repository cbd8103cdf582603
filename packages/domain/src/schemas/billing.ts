// Billing inputs (issue 13): the billing e-mail, checked the same in the portal form and the API body.

import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { numberInput, objectInput, requiredText } from './common.ts';

/** PUT …/billing-settings/billing-email: where invoices are sent; required, valid, lowercased. */
export const billingEmailSchema = objectInput({ billingEmail: emailSchema });

/** At most this many lines on a one-off invoice (the message `validation.invoiceLinesCount` says 20). */
export const ONE_OFF_INVOICE_MAX_LINES = 20;
/** A one-off line's amount: 1 to 10,000,000 minor units (100,000.00). */
export const ONE_OFF_LINE_MAX_AMOUNT = 10_000_000;

/** One line of a one-off invoice: what it is for and its net amount in minor units (VAT is added by country). */
export const oneOffInvoiceLineSchema = objectInput({
  description: requiredText(200),
  amount: numberInput('validation.invoiceLineAmountPositive')
    .int({ error: 'validation.invoiceLineAmountPositive' })
    .min(1, { error: 'validation.invoiceLineAmountPositive' })
    .max(ONE_OFF_LINE_MAX_AMOUNT, { error: 'validation.invoiceLineAmountTooLarge' }),
}).strict();

/** POST …/invoices/one-off (staff): 1–20 lines; the invoice is in the merchant's currency. */
export const oneOffInvoiceSchema = objectInput({
  lines: z
    .array(oneOffInvoiceLineSchema, {
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? 'validation.required'
          : 'validation.invoiceLinesCount',
    })
    .min(1, { error: 'validation.invoiceLinesCount' })
    .max(ONE_OFF_INVOICE_MAX_LINES, { error: 'validation.invoiceLinesCount' }),
}).strict();
