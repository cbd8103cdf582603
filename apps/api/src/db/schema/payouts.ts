import { PAYOUT_STATUSES } from '@mp/domain/enums';
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { merchantIdColumn, minorUnits, oneOf, timestamps } from './columns.ts';
import { merchants } from './merchants.ts';
import { sites } from './sites.ts';

export const LEDGER_ENTRY_TYPES = [
  'payment',
  'tip',
  'refund',
  'chargeback',
  'chargeback-reversal',
  'fee',
  'device-rental',
  'adjustment',
] as const;

/** Money sent to the merchant's bank account for one site and settlement day (SPEC §3 payout statuses). */
export const payouts = pgTable(
  'payouts',
  {
    merchantId: merchantIdColumn().references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    status: text('status').notNull().default('pending'),
    /** The settlement day (merchant's time zone) the payout covers. */
    payoutDate: date('payout_date', { mode: 'string' }).notNull(),
    /** Sum of the ledger entries: gross − fees (net settlement) or gross only (gross settlement). */
    amount: minorUnits('amount').notNull(),
    grossAmount: minorUnits('gross_amount').notNull(),
    feesAmount: minorUnits('fees_amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** The reference on the bank statement. */
    reference: text('reference').notNull(),
    bankAccountLastFour: char('bank_account_last_four', { length: 4 }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    failureReason: text('failure_reason'),
    /** The day the bank is expected to credit it (the next business day; later after a failed attempt). */
    expectedArrival: date('expected_arrival', { mode: 'string' }),
    /** Transfer attempts so far; a failed one is retried on `retryOn`, the next business day. */
    attempts: integer('attempts').notNull().default(0),
    retryOn: date('retry_on', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'payouts_pk', columns: [t.merchantId, t.id] }),
    uniqueIndex('payouts_id_unique').on(t.id),
    // One payout per site and trading day: the payout job can run twice, the second finds it made.
    uniqueIndex('payouts_site_day_unique').on(t.merchantId, t.siteId, t.payoutDate),
    foreignKey({
      name: 'payouts_site_fk',
      columns: [t.merchantId, t.siteId],
      foreignColumns: [sites.merchantId, sites.id],
    }),
    index('payouts_merchant_date_idx').on(t.merchantId, t.payoutDate.desc(), t.id.desc()),
    index('payouts_merchant_site_date_idx').on(t.merchantId, t.siteId, t.payoutDate.desc(), t.id.desc()),
    check('payouts_status_check', oneOf(t.status, PAYOUT_STATUSES)),
  ],
);

/**
 * One movement of money for a merchant (payment, fee, refund, …; signed minor units). Entries are settled
 * into a payout; `payout_id` is null until then. A payout's ledger (SPEC §2.4) is its entries.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    merchantId: merchantIdColumn().references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    payoutId: uuid('payout_id'),
    transactionId: uuid('transaction_id'),
    refundId: uuid('refund_id'),
    type: text('type').notNull(),
    /** Positive credits the merchant, negative debits them. */
    amount: minorUnits('amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    description: text('description'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** The site's trading day (DESIGN §4) the entry was booked in. */
    tradingDay: date('trading_day', { mode: 'string' }).notNull(),
    /** What the entry books, once: `payment:<transaction>`, `fee:<transaction>`, `refund:<refund>`, … */
    sourceKey: text('source_key').notNull(),
    /** Collected by invoice instead of deducted from the payout (fees under gross settlement). */
    invoiced: boolean('invoiced').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'ledger_entries_pk', columns: [t.merchantId, t.id] }),
    foreignKey({
      name: 'ledger_entries_payout_fk',
      columns: [t.merchantId, t.payoutId],
      foreignColumns: [payouts.merchantId, payouts.id],
    }),
    index('ledger_entries_merchant_payout_idx').on(t.merchantId, t.payoutId, t.occurredAt, t.id),
    uniqueIndex('ledger_entries_source_unique').on(t.merchantId, t.sourceKey),
    index('ledger_entries_site_day_idx').on(t.merchantId, t.siteId, t.tradingDay),
    index('ledger_entries_unsettled_idx')
      .on(t.merchantId, t.siteId, t.tradingDay)
      .where(sql`${t.payoutId} is null and not ${t.invoiced}`),
    index('ledger_entries_merchant_site_occurred_idx').on(t.merchantId, t.siteId, t.occurredAt, t.id),
    index('ledger_entries_merchant_transaction_idx')
      .on(t.merchantId, t.transactionId)
      .where(sql`${t.transactionId} is not null`),
    check('ledger_entries_type_check', oneOf(t.type, LEDGER_ENTRY_TYPES)),
  ],
);

/**
 * A site's trading day once its payout job ran (DESIGN §4): the daily summary of the payout ledger, and the
 * mark that makes the job idempotent. `payoutId` is null while the day's net is carried forward (a negative
 * or zero running balance) and is set when a later day's payout takes it along.
 */
export const payoutDays = pgTable(
  'payout_days',
  {
    merchantId: merchantIdColumn().references(() => merchants.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id').notNull(),
    tradingDay: date('trading_day', { mode: 'string' }).notNull(),
    payoutId: uuid('payout_id'),
    currency: char('currency', { length: 3 }).notNull(),
    settlementType: text('settlement_type').notNull(),
    /** Captures and tips. */
    grossAmount: minorUnits('gross_amount').notNull().default(0),
    /** Refunds, chargebacks and their reversals (negative when money went back). */
    refundsAmount: minorUnits('refunds_amount').notNull().default(0),
    /** Processing fees and monthly fees less credits, as a positive charge. */
    feesAmount: minorUnits('fees_amount').notNull().default(0),
    /** What the day adds to the payout: gross + refunds − fees (net) or gross + refunds (gross). */
    netAmount: minorUnits('net_amount').notNull().default(0),
    transactionCount: integer('transaction_count').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'payout_days_pk', columns: [t.merchantId, t.siteId, t.tradingDay] }),
    foreignKey({
      name: 'payout_days_site_fk',
      columns: [t.merchantId, t.siteId],
      foreignColumns: [sites.merchantId, sites.id],
    }),
    index('payout_days_payout_idx').on(t.merchantId, t.payoutId),
  ],
);
