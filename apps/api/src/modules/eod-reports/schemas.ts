import { CURSOR_MAX_LENGTH } from '@mp/domain/cursor';
import { REPORT_STATES } from '@mp/domain/enums';
import { LOCALES } from '@mp/domain/locales';
import { calendarDateSchema } from '@mp/domain/schemas/date-range';
import { z } from 'zod';
import { EOD_REPORT_ORIGINS } from '../../db/schema/reports.ts';

export const EOD_REPORTS_PAGE_SIZE = 25;

const amountSchema = z.object({
  count: z.int(),
  amount: z.int().describe('Minor units'),
});

const transactionRefSchema = z
  .object({
    id: z.uuid(),
    pspReference: z.string(),
    at: z.string().describe('ISO instant'),
    amount: z.int().describe('Minor units'),
    currency: z.string(),
    status: z.string(),
  })
  .meta({ id: 'EodTransactionRef' });

export const eodTotalsSchema = z
  .object({
    transactionCount: z.int().describe('Every transaction taken in the window, whatever became of it'),
    currencies: z.array(
      z.object({
        currency: z.string(),
        sales: amountSchema.describe('Captured payments (also when refunded or charged back since), no tips'),
        tips: amountSchema.describe('Payments with a tip, and the tips'),
        refunds: amountSchema.describe('Refunds that succeeded in the window, and standalone refunds'),
        declines: amountSchema.describe('Declined payments (status failed)'),
        net: z.int().describe('sales + tips − refunds'),
      }),
    ),
    bySource: z.array(
      z.object({
        source: z.string(),
        currency: z.string(),
        count: z.int(),
        amount: z.int(),
        tips: z.int(),
      }),
    ),
    byScheme: z.array(
      z.object({ scheme: z.string(), currency: z.string(), count: z.int(), amount: z.int() }),
    ),
    byDevice: z.array(
      z.object({
        deviceId: z
          .uuid()
          .nullable()
          .describe('null for payments without a terminal (pay by link, tap to pay)'),
        serial: z.string().nullable(),
        label: z.string().nullable(),
        currency: z.string(),
        sales: amountSchema,
        tips: amountSchema,
        refunds: amountSchema,
        declines: amountSchema,
        firstTransactionAt: z.string().nullable(),
        lastTransactionAt: z.string().nullable(),
      }),
    ),
    firstTransaction: transactionRefSchema.nullable(),
    lastTransaction: transactionRefSchema.nullable(),
  })
  .meta({ id: 'EodTotals' });

export const eodReportSchema = z
  .object({
    id: z.uuid(),
    siteId: z.uuid(),
    siteName: z.string().describe("The site's display name, else its name"),
    tradingDay: z.string().describe('YYYY-MM-DD: the trading day (settlement window, merchant time zone)'),
    timeZone: z.string().describe("The merchant's IANA time zone the trading day is counted in"),
    windowStart: z.string().nullable().describe('ISO instant the trading day began'),
    windowEnd: z.string().nullable().describe('ISO instant its settlement window closed'),
    state: z.enum(REPORT_STATES).describe('NEW until the job has made it, then READY (or ERROR)'),
    origin: z.enum(EOD_REPORT_ORIGINS).describe('Made when the window closed, or asked for by a user'),
    currency: z.string().describe("The merchant's currency"),
    totals: eodTotalsSchema.nullable().describe('The figures once READY'),
    error: z.string().nullable(),
    generatedAt: z.string().nullable().describe('ISO instant the figures were read'),
    createdAt: z.string(),
  })
  .meta({ id: 'EodReport' });

export const eodReportListQuerySchema = z.object({
  siteId: z.uuid().optional().describe('Only this site; without it, every site the caller may list'),
  from: calendarDateSchema.optional().describe('First trading day (YYYY-MM-DD)'),
  to: calendarDateSchema.optional().describe('Last trading day (YYYY-MM-DD)'),
  lastKey: z.string().max(CURSOR_MAX_LENGTH).optional().describe('The `lastKey` of the previous page'),
});

export const eodReportPageSchema = z.object({
  data: z.array(eodReportSchema),
  lastKey: z.string().nullable().describe('Pass back to read the next page; null on the last page'),
});

export const eodReportPathSchema = z.object({
  id: z.string().describe('The merchant id'),
  eodReportId: z.string().describe('The end-of-day report id'),
});

export const eodReportDownloadQuerySchema = z.object({
  format: z.enum(['pdf', 'csv']).describe('PDF for printing, CSV for spreadsheets'),
  locale: z.enum(LOCALES).optional().describe('Language of the file (en-GB by default)'),
});

export const eodReportCreatedSchema = z.object({ data: z.object({ eodReportId: z.uuid() }) });
