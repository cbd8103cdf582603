// Issue 12 §4: an end-of-day report is asked for one site and one trading day (YYYY-MM-DD); the day must have
// closed (its settlement window passed), which only the server can tell (the site's window and zone).
import { z } from 'zod';
import { objectInput } from './common.ts';
import { calendarDateSchema } from './date-range.ts';

export const createEodReportSchema = objectInput({
  siteId: z.uuid({
    error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalid'),
  }),
  tradingDay: calendarDateSchema,
});

export type CreateEodReportInput = z.infer<typeof createEodReportSchema>;
