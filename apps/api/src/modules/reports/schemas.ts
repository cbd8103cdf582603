import { CURSOR_MAX_LENGTH } from '@mp/domain/cursor';
import { REPORT_STATES, REPORT_TYPES } from '@mp/domain/enums';
import { z } from 'zod';

export const REPORTS_PAGE_SIZE = 25;

export const reportSchema = z
  .object({
    id: z.uuid(),
    type: z.enum(REPORT_TYPES),
    state: z.enum(REPORT_STATES),
    progress: z.int().describe('Percent of the rows written (100 once READY)'),
    siteIds: z.array(z.uuid()).nullable().describe('The sites it covers; null for every site'),
    from: z.string().nullable().describe('First day (YYYY-MM-DD) of a date-range report'),
    to: z.string().nullable().describe('Last day (YYYY-MM-DD) of a date-range report'),
    pspReferences: z.array(z.string()).nullable().describe('The PSP references of a by-reference report'),
    payoutId: z.uuid().nullable().describe('The payout of a payoutDetail report'),
    rowCount: z.int().nullable(),
    fileSizeBytes: z.int().nullable(),
    error: z.string().nullable().describe('Why it ended in ERROR'),
    createdAt: z.string(),
    completedAt: z.string().nullable(),
  })
  .meta({ id: 'Report' });

export const reportListQuerySchema = z.object({
  type: z.enum(REPORT_TYPES).optional().describe('Only reports of this type'),
  lastKey: z.string().max(CURSOR_MAX_LENGTH).optional().describe('The `lastKey` of the previous page'),
});

export const reportPageSchema = z.object({
  data: z.array(reportSchema),
  lastKey: z.string().nullable().describe('Pass back to read the next page; null on the last page'),
});

export const reportPathSchema = z.object({
  id: z.string().describe('The merchant id'),
  reportId: z.string().describe('The report id'),
});

export const reportCreatedSchema = z.object({ data: z.object({ reportId: z.uuid() }) });

export const reportDownloadSchema = z.object({
  data: z.object({
    url: z
      .string()
      .describe(
        'A signed URL the file can be fetched from until expiresAt: a path of this API (local store) or a presigned URL of the S3 bucket',
      ),
    filename: z.string(),
    expiresAt: z.string(),
  }),
});
