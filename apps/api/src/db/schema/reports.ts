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

/**
 * An end-of-day report for one site (and optionally one device) and business day: the day's totals, kept
 * as of when it was created, with a file for download.
 */
export const eodReports = pgTable(
  'eod_reports',
  {
    merchantId: merchantIdColumn().references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    deviceId: uuid('device_id'),
    /** The business day in the merchant's time zone. */
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    state: text('state').notNull().default('NEW'),
    currency: char('currency', { length: 3 }).notNull(),
    transactionCount: integer('transaction_count').notNull().default(0),
    salesAmount: minorUnits('sales_amount').notNull().default(0),
    refundsAmount: minorUnits('refunds_amount').notNull().default(0),
    tipsAmount: minorUnits('tips_amount').notNull().default(0),
    /** Breakdown per scheme and source: `{ byScheme: {...}, bySource: {...} }`. */
    totals: jsonb('totals').$type<Record<string, unknown>>().notNull().default({}),
    filePath: text('file_path'),
    createdBy: uuid('created_by'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'eod_reports_pk', columns: [t.merchantId, t.id] }),
    index('eod_reports_merchant_site_date_idx').on(t.merchantId, t.siteId, t.businessDate.desc()),
    check('eod_reports_state_check', oneOf(t.state, REPORT_STATES)),
  ],
);
