import { CURSOR_MAX_LENGTH } from '@mp/domain/cursor';
import { PAYOUT_FAILURE_CODES, PAYOUT_STATUSES } from '@mp/domain/enums';
import { calendarDateSchema } from '@mp/domain/schemas/date-range';
import { z } from 'zod';
import { LEDGER_ENTRY_TYPES } from '../../db/schema/payouts.ts';

export const PAYOUTS_PAGE_SIZE = 25;
/** Ledger entries per page: the detail holds the first page, …/entries the next ones. */
export const LEDGER_PAGE_SIZE = 500;

export const payoutSchema = z
  .object({
    id: z.uuid(),
    siteId: z.uuid(),
    siteName: z.string().describe("The site's display name, else its name"),
    payoutDate: z.string().describe('The trading day (YYYY-MM-DD, merchant time zone) the payout closes'),
    status: z.enum(PAYOUT_STATUSES),
    amount: z.int().describe('Minor units paid to the bank account'),
    grossAmount: z.int().describe('Minor units of payments and tips in the payout'),
    feesAmount: z.int().describe('Minor units of fees deducted (0 under gross settlement)'),
    currency: z.string(),
    reference: z.string().describe('The reference on the bank statement'),
    expectedArrival: z.string().nullable().describe('YYYY-MM-DD the bank is expected to credit it'),
    paidAt: z.string().nullable().describe('ISO instant the bank completed it'),
    failureCode: z
      .enum(PAYOUT_FAILURE_CODES)
      .nullable()
      .describe('Why the last attempt failed, as a code the portal words in the user’s language'),
    failureReason: z.string().nullable().describe('Why the last attempt failed, in English'),
    retryOn: z.string().nullable().describe('YYYY-MM-DD of the next attempt after a failure'),
    attempts: z.int(),
  })
  .meta({ id: 'Payout' });

export const payoutListQuerySchema = z.object({
  siteId: z.uuid().optional().describe('Only this site; without it, every site the caller may list'),
  date: calendarDateSchema.optional().describe('Only payouts of this trading day (YYYY-MM-DD)'),
  lastKey: z.string().max(CURSOR_MAX_LENGTH).optional().describe('The `lastKey` of the previous page'),
});

export const payoutPageSchema = z.object({
  data: z.array(payoutSchema),
  lastKey: z.string().nullable().describe('Pass back to read the next page; null on the last page'),
});

export const payoutPathSchema = z.object({
  id: z.string().describe('The merchant id'),
  payoutId: z.string().describe('The payout id'),
});

export const payoutDaySchema = z
  .object({
    tradingDay: z.string().describe('YYYY-MM-DD'),
    windowStart: z.string().describe('ISO instant the trading day began'),
    windowEnd: z.string().describe('ISO instant its settlement window closed'),
    grossAmount: z.int().describe('Payments and tips'),
    refundsAmount: z.int().describe('Refunds, chargebacks and reversals (negative when money went back)'),
    feesAmount: z.int().describe('Fees and monthly charges less credits'),
    netAmount: z.int().describe('What the day adds to the payout'),
    transactionCount: z.int(),
  })
  .meta({ id: 'PayoutDay' });

export const ledgerEntrySchema = z
  .object({
    id: z.uuid(),
    type: z.enum(LEDGER_ENTRY_TYPES),
    amount: z.int().describe('Signed minor units: positive credits the merchant'),
    currency: z.string(),
    description: z.string().nullable(),
    occurredAt: z.string(),
    tradingDay: z.string(),
    transactionId: z.uuid().nullable(),
    refundId: z.uuid().nullable(),
    invoiced: z.boolean().describe('Collected by invoice, not deducted from the payout (gross settlement)'),
  })
  .meta({ id: 'LedgerEntry' });

export const payoutDetailSchema = z.object({
  data: payoutSchema.extend({
    settlementType: z.enum(['net', 'gross']),
    days: z.array(payoutDaySchema).describe('Daily summary: every trading day the payout takes along'),
    entries: z.array(ledgerEntrySchema).describe('The first page of entries (LEDGER_PAGE_SIZE)'),
    entriesLastKey: z
      .string()
      .nullable()
      .describe('Pass as lastKey to …/entries for the next page; null when every entry is here'),
  }),
});

export const ledgerPageSchema = z.object({
  data: z.array(ledgerEntrySchema),
  lastKey: z.string().nullable().describe('Pass back to read the next page; null on the last page'),
});

export const ledgerPageQuerySchema = z.object({
  lastKey: z.string().max(CURSOR_MAX_LENGTH).optional().describe('The `lastKey` of the previous page'),
});
