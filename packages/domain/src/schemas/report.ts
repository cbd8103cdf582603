// SPEC §3 Report, §5 and §9: a report of transactions or payouts for one site or every site the caller holds;
// transactions by date range (at most 6 months) or PSP references, not both; payouts by date range (at most
// 1 year). "Creating a payout report sends dataType payouts, siteId and dates."
import { z } from 'zod';
import { PAYOUT_DATE_RANGE_MAX_MONTHS, TRANSACTION_DATE_RANGE_MAX_MONTHS } from '../constants.ts';
import { objectInput } from './common.ts';
import { addMonths, isoDateSchema, parseIsoDate, pspReferenceSchema } from './date-range.ts';

/** The types a user requests on the reports screen; payoutDetail is made from a payout (POST …/report). */
export const REQUESTABLE_REPORT_TYPES = ['transactions', 'payouts'] as const;
export type RequestableReportType = (typeof REQUESTABLE_REPORT_TYPES)[number];

/** At most this many PSP references in one report request. */
export const REPORT_PSP_REFERENCES_MAX = 100;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const calendarDay = isoDateSchema.refine((value) => ISO_DAY.test(value), { error: 'validation.dateInvalid' });

export const createReportSchema = objectInput({
  dataType: z.enum(REQUESTABLE_REPORT_TYPES, { error: 'validation.invalid' }),
  siteId: z.uuid({ error: 'validation.invalid' }).optional(),
  from: calendarDay.optional(),
  to: calendarDay.optional(),
  pspReferences: z
    .array(pspReferenceSchema, { error: 'validation.invalid' })
    .min(1, { error: 'validation.required' })
    .max(REPORT_PSP_REFERENCES_MAX, { error: 'validation.invalid' })
    .optional(),
}).superRefine((body, ctx) => {
  const hasRange = body.from !== undefined || body.to !== undefined;
  if (body.dataType === 'payouts' && body.pspReferences !== undefined) {
    ctx.addIssue({ code: 'custom', message: 'validation.invalid', path: ['pspReferences'] });
    return;
  }
  if (hasRange && body.pspReferences !== undefined) {
    ctx.addIssue({ code: 'custom', message: 'validation.dateRangeOrPspReference', path: ['pspReferences'] });
    return;
  }
  if (!hasRange && body.pspReferences === undefined) {
    ctx.addIssue({
      code: 'custom',
      message:
        body.dataType === 'payouts' ? 'validation.required' : 'validation.dateRangeOrPspReferenceRequired',
      path: ['from'],
    });
    return;
  }
  if (!hasRange) return;
  if (body.from === undefined)
    ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['from'] });
  if (body.to === undefined) ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['to'] });
  const from = body.from ? parseIsoDate(body.from) : null;
  const to = body.to ? parseIsoDate(body.to) : null;
  if (!from || !to) return;
  const payouts = body.dataType === 'payouts';
  if (to < from) ctx.addIssue({ code: 'custom', message: 'validation.dateRangeOrder', path: ['to'] });
  else if (to > addMonths(from, payouts ? PAYOUT_DATE_RANGE_MAX_MONTHS : TRANSACTION_DATE_RANGE_MAX_MONTHS))
    ctx.addIssue({
      code: 'custom',
      message: payouts ? 'validation.payoutDateRangeTooLarge' : 'validation.dateRangeTooLarge',
      path: ['to'],
    });
});

export type CreateReportInput = z.infer<typeof createReportSchema>;
