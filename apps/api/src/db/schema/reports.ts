import { REPORT_STATES, REPORT_TYPES } from '@mp/domain/enums';
import {
  bigint,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { merchantIdColumn, minorUnits, oneOf, timestamps } from './columns.ts';
import { merchants } from './merchants.ts';

/**
 * A requested report file (SPEC §3 Report): type transactions | payouts | payoutDetail, flowing
 * NEW → PROCESSING → READY | ERROR. `params` holds what was asked (site, dates, payout id, filters).
 */
export const reports = pgTable(
  'reports',
  {
    merchantId: merchantIdColumn().references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    type: text('type').notNull(),
    state: text('state').notNull().default('NEW'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /** The sites the report covers; null = every site of the merchant. Who may see it follows from this. */
    siteIds: uuid('site_ids').array(),
    /** Percent of the rows written while PROCESSING (100 once READY). */
    progress: integer('progress').notNull().default(0),
    /** Path in the file store once READY. */
    filePath: text('file_path'),
    fileSizeBytes: bigint('file_size_bytes', { mode: 'number' }),
    rowCount: integer('row_count'),
    error: text('error'),
    requestedBy: uuid('requested_by'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'reports_pk', columns: [t.merchantId, t.id] }),
    index('reports_merchant_created_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('reports_merchant_type_created_idx').on(t.merchantId, t.type, t.createdAt.desc(), t.id.desc()),
    check('reports_type_check', oneOf(t.type, REPORT_TYPES)),
    check('reports_state_check', oneOf(t.state, REPORT_STATES)),
  ],
);

/** Why an end-of-day report exists: made when the settlement window closed, or asked for by a user. */
export const EOD_REPORT_ORIGINS = ['scheduled', 'requested'] as const;

/**
 * An end-of-day report (issue 12 §4): one per site and trading day (the site's settlement window in the
 * merchant's time zone), made by the eod-reports.make-day job when the window closes or on request. `totals`
 * holds the day's figures as of `generated_at` (by currency, source, scheme and device; tips, refunds,
 * declines; first and last transaction); files (PDF, CSV) are rendered from it on download.
 */
export const eodReports = pgTable(
  'eod_reports',
  {
    merchantId: merchantIdColumn().references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    /** Unused: a report covers every device of the site (its per-device rows are in `totals`). */
    deviceId: uuid('device_id'),
    /** The trading day (the site's settlement window in the merchant's time zone). */
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    state: text('state').notNull().default('NEW'),
    origin: text('origin').notNull().default('scheduled'),
    currency: char('currency', { length: 3 }).notNull(),
    transactionCount: integer('transaction_count').notNull().default(0),
    salesAmount: minorUnits('sales_amount').notNull().default(0),
    refundsAmount: minorUnits('refunds_amount').notNull().default(0),
    tipsAmount: minorUnits('tips_amount').notNull().default(0),
    /** The day's figures (EodTotals in modules/eod-reports/eod-totals.ts); null-like `{}` until READY. */
    totals: jsonb('totals').$type<Record<string, unknown>>().notNull().default({}),
    /** The trading day's window [start, end) as instants. */
    windowStart: timestamp('window_start', { withTimezone: true }),
    windowEnd: timestamp('window_end', { withTimezone: true }),
    filePath: text('file_path'),
    error: text('error'),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'eod_reports_pk', columns: [t.merchantId, t.id] }),
    index('eod_reports_merchant_site_date_idx').on(t.merchantId, t.siteId, t.businessDate.desc()),
    index('eod_reports_merchant_date_idx').on(t.merchantId, t.businessDate.desc(), t.id.desc()),
    uniqueIndex('eod_reports_site_day_unique').on(t.merchantId, t.siteId, t.businessDate),
    check('eod_reports_state_check', oneOf(t.state, REPORT_STATES)),
    check('eod_reports_origin_check', oneOf(t.origin, EOD_REPORT_ORIGINS)),
  ],
);
