import { TRANSACTION_DATE_RANGE_MAX_MONTHS } from '@mp/domain/constants';
import { CURSOR_MAX_LENGTH } from '@mp/domain/cursor';
import {
  PAYMENT_SOURCES,
  type PaymentSource,
  TRANSACTION_STATUSES,
  type TransactionStatus,
} from '@mp/domain/enums';
import { LOCALES } from '@mp/domain/locales';
import {
  addMonths,
  calendarDateSchema,
  parseIsoDate,
  pspReferenceSchema,
} from '@mp/domain/schemas/date-range';
import { refundAmountSchema } from '@mp/domain/schemas/refund';
import { cardSummaryFilterSchema } from '@mp/domain/schemas/settings';
import { emailSchema } from '@mp/domain/schemas/sign-in';
import { z } from 'zod';
import { idempotencyKeyHeaders } from '../../plugins/errors.ts';

export const totalsPathSchema = z.object({ id: z.string().describe('The merchant id') });

export const totalsQuerySchema = z.object({
  siteId: z.uuid().optional().describe('Only this site; without it, every site the caller may list'),
  startDate: calendarDateSchema
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

// ── The home dashboard's figures (issue 11 §4) ──

export const dashboardQuerySchema = z.object({
  siteId: z.uuid().optional().describe('Only this site; without it, every site the caller may list'),
});

const dashboardDaySchema = z.object({
  day: z.string().describe("Calendar day (YYYY-MM-DD, merchant's time zone)"),
  count: z.int().describe('Transactions taken that day, in any status'),
  capturedAmount: z.int().describe('Minor units captured (amount plus tip) of the payments taken that day'),
  refundedAmount: z.int().describe('Minor units paid back that day (succeeded refunds, refund transactions)'),
});

const dashboardSourceSchema = z.object({
  source: z.enum(PAYMENT_SOURCES as unknown as readonly [PaymentSource, ...PaymentSource[]]),
  count: z.int().describe('Transactions taken from this source in the period, in any status'),
  capturedAmount: z.int().describe('Minor units captured (amount plus tip) from this source in the period'),
});

export const transactionDashboardSchema = z
  .object({
    startDate: z
      .string()
      .describe('First day counted (YYYY-MM-DD, merchant time zone): 29 days before today'),
    endDate: z.string().describe("Today (YYYY-MM-DD, merchant's time zone)"),
    currencies: z
      .array(
        z.object({
          currency: z.string().describe('ISO 4217; amounts of different currencies are never added'),
          days: z
            .array(dashboardDaySchema)
            .describe('Every day of the period, oldest first (zeros included)'),
          bySource: z.array(dashboardSourceSchema).describe('Every payment source, in SPEC §3 order'),
        }),
      )
      .describe("The merchant's currency first, then any other currency taken in the period"),
  })
  .meta({ id: 'TransactionDashboard' });

export const transactionDashboardResponseSchema = z.object({ data: transactionDashboardSchema });

// ── The transactions list, detail and PSP-reference search (issue 11 §2) ──

export const TRANSACTIONS_PAGE_SIZE = 50;

const oneOfList = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values);

export const transactionsQuerySchema = z
  .object({
    from: calendarDateSchema
      .optional()
      .describe("First day (YYYY-MM-DD, merchant's time zone); default: 29 days before to"),
    to: calendarDateSchema.optional().describe("Last day (YYYY-MM-DD, merchant's time zone); default: today"),
    siteId: z.uuid().optional().describe('Only this site; without it, every site the caller may list'),
    status: oneOfList(
      TRANSACTION_STATUSES as unknown as readonly [TransactionStatus, ...TransactionStatus[]],
    ).optional(),
    source: oneOfList(PAYMENT_SOURCES as unknown as readonly [PaymentSource, ...PaymentSource[]]).optional(),
    card: cardSummaryFilterSchema.optional().describe('4 digits: the last four; 6 digits: the BIN (SPEC §5)'),
    minAmount: z.coerce
      .number()
      .int()
      .min(0)
      .max(Number.MAX_SAFE_INTEGER)
      .optional()
      .describe('Minor units, at least'),
    maxAmount: z.coerce
      .number()
      .int()
      .min(0)
      .max(Number.MAX_SAFE_INTEGER)
      .optional()
      .describe('Minor units, at most'),
    includeTotals: z
      .enum(['true', 'false'])
      .optional()
      .describe('Add per-currency totals of the whole filtered set'),
    lastKey: z.string().max(CURSOR_MAX_LENGTH).optional().describe('The `lastKey` of the previous page'),
  })
  .superRefine((query, ctx) => {
    // SPEC §5: at most 6 months ("Date range too large. Please select a range of 6 months or less.").
    if (query.from && query.to) {
      const from = parseIsoDate(query.from);
      const to = parseIsoDate(query.to);
      if (from && to && to < from)
        ctx.addIssue({ code: 'custom', message: 'validation.dateRangeOrder', path: ['to'] });
      else if (from && to && to > addMonths(from, TRANSACTION_DATE_RANGE_MAX_MONTHS))
        ctx.addIssue({ code: 'custom', message: 'validation.dateRangeTooLarge', path: ['to'] });
    }
    if (query.minAmount !== undefined && query.maxAmount !== undefined && query.maxAmount < query.minAmount)
      ctx.addIssue({ code: 'custom', message: 'validation.amountRangeOrder', path: ['maxAmount'] });
  });

export const transactionPathSchema = z.object({
  id: z.string().describe('The merchant id'),
  transactionId: z.uuid().describe('The transaction id'),
});

export const transactionSchema = z
  .object({
    id: z.uuid(),
    pspReference: z.string(),
    merchantReference: z.string().nullable(),
    createdAt: z.string().describe('ISO 8601 instant (UTC); shown in the merchant time zone'),
    siteId: z.uuid(),
    siteName: z.string(),
    deviceId: z.uuid().nullable(),
    deviceLabel: z
      .string()
      .nullable()
      .describe("The terminal's label, else its serial; null without a terminal"),
    amount: z.int().describe('Minor units, without the tip'),
    tipAmount: z.int().describe('Minor units'),
    currency: z.string(),
    status: z.enum(TRANSACTION_STATUSES),
    source: z.enum(PAYMENT_SOURCES),
    card: z.object({
      scheme: z.string().nullable(),
      bin: z.string().nullable(),
      lastFour: z.string().nullable(),
      region: z.string().nullable().describe('domestic, eea or global'),
    }),
  })
  .meta({ id: 'Transaction' });

export const currencyTotalSchema = z
  .object({
    currency: z.string(),
    count: z.int(),
    amount: z.int().describe('Minor units, tips excluded'),
    tipAmount: z.int(),
  })
  .meta({ id: 'TransactionCurrencyTotal' });

export const transactionPageSchema = z.object({
  data: z.array(transactionSchema),
  lastKey: z.string().nullable().describe('Pass back to read the next page; null on the last page'),
  totals: z
    .array(currencyTotalSchema)
    .nullable()
    .describe(
      'Per currency over the whole filtered set (with includeTotals=true); never summed across currencies',
    ),
  range: z.object({ from: z.string(), to: z.string() }).describe('The days listed'),
});

export const refundSchema = z
  .object({
    id: z.uuid(),
    amount: z.int(),
    currency: z.string(),
    status: z.enum(['pending', 'succeeded', 'failed']),
    failureReason: z.string().nullable(),
    pspReference: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Refund' });

/** Issue 11 §3: the refund asked for, in minor units of the transaction's currency (SPEC §5 rule). */
export const refundBodySchema = z.object({
  amount: refundAmountSchema(Number.MAX_SAFE_INTEGER).describe(
    'Minor units; greater than 0 and at most the remaining refundable amount (SPEC §5)',
  ),
});

export const refundHeadersSchema = idempotencyKeyHeaders(
  'Stripe semantics: the same key with the same body answers the first answer again and refunds nothing more; ' +
    'the same key with another body is refused (422); a key lasts 24 hours, then it makes a new refund',
);

export const refundResultSchema = z
  .object({
    refund: refundSchema,
    transactionStatus: z.enum(TRANSACTION_STATUSES),
    refundableAmount: z.int(),
  })
  .meta({ id: 'RefundResult' });

export const transactionDetailSchema = z
  .object({
    transaction: transactionSchema,
    events: z.array(
      z.object({
        eventCode: z.string(),
        success: z.boolean(),
        amount: z.int(),
        currency: z.string(),
        eventDate: z.string(),
        reason: z.string().nullable(),
        pspReference: z.string(),
      }),
    ),
    refunds: z.array(refundSchema),
    refundableAmount: z.int().describe('Captured amount (tip included) minus pending and succeeded refunds'),
    payoutIds: z.array(z.uuid()).describe('Payouts that settled money of this transaction'),
  })
  .meta({ id: 'TransactionDetail' });

export const pspSearchBodySchema = z.object({
  pspReferences: z
    .array(pspReferenceSchema)
    .min(1, { error: 'validation.required' })
    .max(50)
    .describe('PSP references of payments (SPEC §7)'),
});

/** Issue 11 §3: e-mail the receipt of a transaction. */
export const receiptBodySchema = z
  .object({
    /** Where the receipt goes (lower-cased): one address; a list or any other key is refused (400). */
    email: emailSchema,
    locale: z
      .enum(LOCALES)
      .optional()
      .describe("The receipt's language; default: the asking user's language"),
  })
  .strict();

export const receiptResultSchema = z
  .object({
    to: z.string().describe('The address the receipt was sent to (lower-cased)'),
    locale: z.enum(LOCALES).describe('The language it was written in'),
  })
  .meta({ id: 'ReceiptResult' });
