import { PAYMENT_SOURCES, TRANSACTION_STATUSES } from '@mp/domain/enums';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  date,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { merchantIdColumn, minorUnits, oneOf, xid8 } from './columns.ts';
import { merchants } from './merchants.ts';
import { sites } from './sites.ts';

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/**
 * A card payment (SPEC §3 transaction statuses, payment sources). Card data is limited to BIN and last four:
 * no full card number is ever stored. Listing is keyset-paginated by (created_at, id) within the merchant,
 * optionally within a site.
 */
export const transactions = pgTable(
  'transactions',
  {
    merchantId: merchantIdColumn().references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    /** The terminal that took it; null for pay-by-link. */
    deviceId: uuid('device_id'),
    /** The PSP's reference; unique, so a repeated notification cannot create a second transaction. */
    pspReference: text('psp_reference').notNull(),
    merchantReference: text('merchant_reference'),
    amount: minorUnits('amount').notNull(),
    tipAmount: minorUnits('tip_amount').notNull().default(0),
    currency: char('currency', { length: 3 }).notNull(),
    status: text('status').notNull(),
    source: text('source').notNull(),
    /** First 6 (or 8) digits of the card number. */
    cardBin: text('card_bin'),
    cardLastFour: char('card_last_four', { length: 4 }),
    /** visa, mastercard, amex, maestro, … */
    cardScheme: text('card_scheme'),
    /** Whether the card was issued in the merchant's country, in the EEA or elsewhere: drives the rate. */
    cardRegion: text('card_region'),
    /** When the payment happened (the list's sort key). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The database transaction that wrote this version of the row (its insert by default, every update by the
     * trigger of migration 0041): live streams replay what a snapshot had not yet seen, in commit terms, so a
     * change stamped early and committed late is never missed (transactions/live-routes.ts). 0 for rows older
     * than the column (visible to every snapshot).
     */
    changeXid: xid8('change_xid').notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [
    primaryKey({ name: 'transactions_pk', columns: [t.merchantId, t.id] }),
    uniqueIndex('transactions_id_unique').on(t.id),
    uniqueIndex('transactions_psp_reference_unique').on(t.pspReference),
    foreignKey({
      name: 'transactions_site_fk',
      columns: [t.merchantId, t.siteId],
      foreignColumns: [sites.merchantId, sites.id],
    }),
    index('transactions_merchant_created_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('transactions_merchant_site_created_idx').on(
      t.merchantId,
      t.siteId,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    /**
     * A status filter's page as one index range (issue 16 §1; without it the page walked the created-at index and
     * threw away the other statuses' rows). Status updates were already not HOT (`change_xid` is indexed).
     */
    index('transactions_merchant_status_created_idx').on(
      t.merchantId,
      t.status,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('transactions_merchant_last_four_idx').on(t.merchantId, t.cardLastFour),
    /**
     * A BIN filter (6 digits; the stored BIN has 6 to 8) as one index range: the list asks for a byte-order range
     * (`~>=~`, `~<~`: leakproof, so an index condition under row-level security, where `like` is not), which
     * text_pattern_ops orders whatever the collation (issue 16 §1; without it: every row of the range read).
     */
    index('transactions_merchant_card_bin_idx').on(t.merchantId, t.cardBin.op('text_pattern_ops')),
    index('transactions_merchant_change_idx').on(t.merchantId, t.changeXid),
    check('transactions_status_check', oneOf(t.status, TRANSACTION_STATUSES)),
    check('transactions_source_check', oneOf(t.source, PAYMENT_SOURCES)),
    check('transactions_card_bin_check', sql`${t.cardBin} is null or ${t.cardBin} ~ '^[0-9]{6,8}$'`),
    check(
      'transactions_card_last_four_check',
      sql`${t.cardLastFour} is null or ${t.cardLastFour} ~ '^[0-9]{4}$'`,
    ),
    check('transactions_amount_check', sql`${t.amount} >= 0 and ${t.tipAmount} >= 0`),
  ],
);

/**
 * A refund of (part of) a transaction. The refundable remainder is the transaction's amount minus the
 * refunds that are not failed (SPEC §5: refund amount at most the remaining refundable amount).
 */
export const refunds = pgTable(
  'refunds',
  {
    merchantId: merchantIdColumn().references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    transactionId: uuid('transaction_id').notNull(),
    amount: minorUnits('amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    status: text('status').notNull().default('pending'),
    /** The PSP's reference of the refund modification, once it answered. */
    pspReference: text('psp_reference'),
    reason: text('reason'),
    failureReason: text('failure_reason'),
    /** Guards against a double submit creating two refunds. */
    idempotencyKey: text('idempotency_key'),
    requestedBy: uuid('requested_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Decision 0133 (migration 0048): the refund is in the payout ledger, booked (`refund:<id>`) and not credited
     * back (`refund-reversal:<id>`). Only the payout builder writes it, with those entries; a booked refund that is
     * no longer `succeeded` is what a build must reverse (partial index `refunds_booked_unsettled_idx`).
     */
    booked: boolean('booked').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'refunds_pk', columns: [t.merchantId, t.id] }),
    foreignKey({
      name: 'refunds_transaction_fk',
      columns: [t.merchantId, t.transactionId],
      foreignColumns: [transactions.merchantId, transactions.id],
    }).onDelete('cascade'),
    index('refunds_merchant_transaction_idx').on(t.merchantId, t.transactionId),
    uniqueIndex('refunds_psp_reference_unique').on(t.pspReference).where(sql`${t.pspReference} is not null`),
    uniqueIndex('refunds_merchant_idempotency_unique')
      .on(t.merchantId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    // Decision 0133: what a payout build reads of a merchant's refunds, bounded by what can still need booking:
    // the succeeded ones changed since the first new day opened (with 0017's index on created_at), and the booked
    // ones no longer succeeded (to credit back). Neither grows with settled history.
    index('refunds_merchant_succeeded_updated_idx')
      .on(t.merchantId, t.updatedAt)
      .where(sql`${t.status} = 'succeeded'`),
    index('refunds_booked_unsettled_idx')
      .on(t.merchantId)
      .where(sql`${t.booked} and ${t.status} <> 'succeeded'`),
    check('refunds_status_check', oneOf(t.status, REFUND_STATUSES)),
    check('refunds_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * The daily roll-up of transactions (issue 16): per merchant, site, calendar day in the merchant's time zone,
 * currency, status and source, how many and how much. Kept current by statement triggers on `transactions` (migration
 * `daily_totals_triggers`), whatever path inserts, updates or deletes them; the 30-day totals read it, so their
 * cost grows with days, not rows. Never written by the application.
 */
export const transactionDailyTotals = pgTable(
  'transaction_daily_totals',
  {
    merchantId: merchantIdColumn().references(() => merchants.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    status: text('status').notNull(),
    /** SPEC §3 payment source (terminal, pay-by-link, tap-to-pay, …): the home's by-source breakdown. */
    source: text('source').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    tipAmount: bigint('tip_amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'transaction_daily_totals_pk',
      columns: [t.merchantId, t.day, t.siteId, t.currency, t.status, t.source],
    }),
  ],
);

/**
 * The daily roll-up of transactions per merchant, calendar day in the merchant's time zone, currency and status
 * (issue 16 §1): `transaction_daily_totals` without site and source, kept by the same statement triggers in the
 * same statement (migration `daily_status_totals`). The list's totals when no site narrows it and no source
 * filters it (an owner's first page, a status, 6 months) read its ~10 rows a day instead of the ~190 of the
 * finer roll-up (docs/PERFORMANCE.md). Never written by the application.
 */
export const transactionDailyStatusTotals = pgTable(
  'transaction_daily_status_totals',
  {
    merchantId: merchantIdColumn().references(() => merchants.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    status: text('status').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    tipAmount: bigint('tip_amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'transaction_daily_status_totals_pk',
      columns: [t.merchantId, t.day, t.currency, t.status],
    }),
  ],
);

/**
 * The daily roll-up of succeeded refunds (issue 16): per merchant, site (the refunded transaction's), calendar
 * day of the refund in the merchant's time zone and currency, how many and how much. Kept current by triggers on
 * `refunds` and `transactions` (migration `refund_daily_totals`) in the same transaction as a refund is made,
 * succeeds, fails or moves; the 30-day totals read it, so their refunds part grows with days, not refunds.
 * Never written by the application.
 */
export const refundDailyTotals = pgTable(
  'refund_daily_totals',
  {
    merchantId: merchantIdColumn().references(() => merchants.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'refund_daily_totals_pk', columns: [t.merchantId, t.day, t.siteId, t.currency] }),
  ],
);
