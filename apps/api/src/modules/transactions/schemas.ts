import { isoDateSchema } from '@mp/domain/schemas/date-range';
import { z } from 'zod';

export const totalsPathSchema = z.object({ id: z.string().describe('The merchant id') });

export const totalsQuerySchema = z.object({
  siteId: z.uuid().optional().describe('Only this site; without it, every site the caller may list'),
  startDate: isoDateSchema
    .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value), { error: 'validation.dateInvalid' })
    .optional()
    .describe(
      "First calendar day counted (YYYY-MM-DD, in the merchant's time zone); default: 29 days before today, " +
        'so the last 30 days. At most 6 months back, not after today.',
    ),
});

export const transactionTotalsSchema = z
  .object({
    currency: z.string().describe('ISO 4217: the merchant currency every amount is in'),
    startDate: z.string().describe('The first calendar day counted (YYYY-MM-DD, merchant time zone)'),
    count: z.int().describe('Transactions taken since startDate, in any status'),
    capturedAmount: z.int().describe('Minor units captured (amount plus tip) since startDate'),
    refundedAmount: z.int().describe('Minor units paid back since startDate'),
    netAmount: z.int().describe('capturedAmount − refundedAmount'),
  })
  .meta({ id: 'TransactionTotals' });

export const transactionTotalsResponseSchema = z.object({ data: transactionTotalsSchema });
