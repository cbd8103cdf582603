// SPEC §5, §9: transactions and ledger ranges at most 6 months, payouts download at most 1 year;
// a date range or a PSP reference, not both.
import type { z } from 'zod';
import { addMonths, ISO_DATE, ISO_DATE_TIME, parseIsoDate } from '../calendar.ts';
import {
  LEDGER_DATE_RANGE_MAX_MONTHS,
  PAYOUT_DATE_RANGE_MAX_MONTHS,
  TRANSACTION_DATE_RANGE_MAX_MONTHS,
} from '../constants.ts';
import type { MessageKey } from '../messages.ts';
import { dateRangeRule } from '../rules/date.ts';
import { objectInput, stringInput } from './common.ts';

export { addMonths, parseIsoDate } from '../calendar.ts';

export const isoDateSchema = stringInput()
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .refine((value) => parseIsoDate(value) !== null, { error: 'validation.dateInvalid', abort: true })
  // Issue 8 §3: year 0000 or 275760 parse, but no query should ever see them (the date rule's range).
  .refine((value) => dateRangeRule(parseIsoDate(value) ?? new Date(Number.NaN)) === undefined, {
    error: 'validation.dateOutOfRange',
  });

export interface DateRange {
  from: string;
  to: string;
}

function checkRange(range: DateRange, maxMonths: number, tooLarge: MessageKey, ctx: z.RefinementCtx): void {
  const from = parseIsoDate(range.from);
  const to = parseIsoDate(range.to);
  if (!from || !to) return;
  if (to < from) {
    ctx.addIssue({ code: 'custom', message: 'validation.dateRangeOrder', path: ['to'], input: range.to });
  } else if (to > addMonths(from, maxMonths)) {
    ctx.addIssue({ code: 'custom', message: tooLarge, path: ['to'], input: range.to });
  }
}

/** `{ from, to }`, to on or after from, spanning at most `maxMonths` calendar months. */
export function dateRangeSchema(maxMonths: number, tooLarge: MessageKey) {
  return objectInput({ from: isoDateSchema, to: isoDateSchema }).superRefine((range, ctx) =>
    checkRange(range, maxMonths, tooLarge, ctx),
  );
}

/** "Date range too large. Please select a range of 6 months or less." */
export const transactionDateRangeSchema = dateRangeSchema(
  TRANSACTION_DATE_RANGE_MAX_MONTHS,
  'validation.dateRangeTooLarge',
);
export const ledgerDateRangeSchema = dateRangeSchema(
  LEDGER_DATE_RANGE_MAX_MONTHS,
  'validation.dateRangeTooLarge',
);
export const payoutDownloadDateRangeSchema = dateRangeSchema(
  PAYOUT_DATE_RANGE_MAX_MONTHS,
  'validation.payoutDateRangeTooLarge',
);

export const pspReferenceSchema = stringInput()
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'validation.pspReferenceInvalid' });

/**
 * SPEC §5: a date range (at most 6 months) or a PSP reference, not both. With `required`, one of them must be
 * given; a range needs both ends.
 */
export function transactionSearchSchema(options: { required: boolean } = { required: true }) {
  return objectInput({
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    pspReference: pspReferenceSchema.optional(),
  }).superRefine((search, ctx) => {
    const hasRange = search.from !== undefined || search.to !== undefined;
    if (hasRange && search.pspReference !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'validation.dateRangeOrPspReference',
        path: ['pspReference'],
      });
      return;
    }
    if (!hasRange && search.pspReference === undefined) {
      if (options.required) {
        ctx.addIssue({
          code: 'custom',
          message: 'validation.dateRangeOrPspReferenceRequired',
          path: ['from'],
        });
      }
      return;
    }
    if (!hasRange) return;
    if (search.from === undefined)
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['from'] });
    if (search.to === undefined)
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['to'] });
    if (search.from !== undefined && search.to !== undefined) {
      checkRange(
        { from: search.from, to: search.to },
        TRANSACTION_DATE_RANGE_MAX_MONTHS,
        'validation.dateRangeTooLarge',
        ctx,
      );
    }
  });
}

/** A calendar date "YYYY-MM-DD" within the date rule's range (issue 8 §3). */
export const calendarDateSchema = isoDateSchema.refine((value) => ISO_DATE.test(value), {
  error: 'validation.dateInvalid',
});

/** An ISO 8601 date-time with its offset ("2026-01-02T10:00:00Z") within the date rule's range. */
export const instantSchema = isoDateSchema.refine((value) => ISO_DATE_TIME.test(value), {
  error: 'validation.dateInvalid',
});
