import {
  INVOICE_DISPLAY_TYPES,
  INVOICE_PAYMENT_STATUSES,
  INVOICE_STATUSES,
  PAYMENT_METHOD_TYPES,
  SETTLEMENT_TYPES,
} from '@mp/domain/enums';
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { merchantIdColumn, minorUnits, oneOf, timestamps } from './columns.ts';
import { merchants } from './merchants.ts';

/** SPEC §3 Billing settings; `stripeCustomerId` is the merchant's (merchants.stripe_customer_id). */
export const billingSettings = pgTable('billing_settings', {
  merchantId: uuid('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  billingEmail: text('billing_email'),
  defaultPaymentMethodId: uuid('default_payment_method_id'),
  hasSignedRates: boolean('has_signed_rates').notNull().default(false),
  ratesSignUrl: text('rates_sign_url'),
  ratesSignedAt: timestamp('rates_signed_at', { withTimezone: true }),
  ...timestamps,
});

/**
 * A payment method the provider collects fees from (SPEC §3: card, sepa_debit, bacs_debit). Only the billing
 * provider's id and display facts are kept; no card or account number.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    merchantId: merchantIdColumn().references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    /** The billing provider's id (Stripe `pm_…`). */
    providerPaymentMethodId: text('provider_payment_method_id').notNull(),
    type: text('type').notNull(),
    /** Card brand or bank name. */
    brand: text('brand'),
    lastFour: char('last_four', { length: 4 }),
    expMonth: smallint('exp_month'),
    expYear: smallint('exp_year'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'payment_methods_pk', columns: [t.merchantId, t.id] }),
    uniqueIndex('payment_methods_provider_id_unique').on(t.providerPaymentMethodId),
    index('payment_methods_merchant_idx').on(t.merchantId, t.createdAt),
    check('payment_methods_type_check', oneOf(t.type, PAYMENT_METHOD_TYPES)),
  ],
);

/** A bill for the provider's fees (SPEC §3 invoice statuses and display types). */
export const invoices = pgTable(
  'invoices',
  {
    merchantId: merchantIdColumn().references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    number: text('number').notNull(),
    status: text('status').notNull(),
    displayType: text('display_type').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    subtotal: minorUnits('subtotal').notNull(),
    tax: minorUnits('tax').notNull().default(0),
    total: minorUnits('total').notNull(),
    amountPaid: minorUnits('amount_paid').notNull().default(0),
    currency: char('currency', { length: 3 }).notNull(),
    /** `[{ description, quantity, unitAmount, amount, siteId? }]` */
    lines: jsonb('lines').$type<Record<string, unknown>[]>().notNull().default([]),
    providerInvoiceId: text('provider_invoice_id'),
    filePath: text('file_path'),
    /** The merchant's country when issued, and the VAT rate applied to the subtotal (percent). */
    country: char('country', { length: 2 }),
    taxPercent: numeric('tax_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    /** Fees already deducted from payouts under net settlement (minor units): counted as paid on issue. */
    settledFromPayouts: minorUnits('settled_from_payouts').notNull().default(0),
    /** Collection through the billing provider: attempts made, the payment method used, the last decline. */
    collectionAttempts: integer('collection_attempts').notNull().default(0),
    paymentMethodId: uuid('payment_method_id'),
    failureReason: text('failure_reason'),
    /**
     * The last collection at the provider (decision 0078): a Direct Debit stays `processing` (since
     * `payment_processing_since`) until the provider says it succeeded or failed; null before any attempt.
     */
    paymentStatus: text('payment_status'),
    paymentProcessingSince: timestamp('payment_processing_since', { withTimezone: true }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * A `stripe_invoice` row (decision 0091): the monthly summary it bills (`source_invoice_id`), Stripe's
     * invoice id in `provider_invoice_id`, its hosted page and its PDF.
     */
    sourceInvoiceId: uuid('source_invoice_id'),
    hostedInvoiceUrl: text('hosted_invoice_url'),
    invoicePdfUrl: text('invoice_pdf_url'),
    /**
     * A one-off invoice's Idempotency-Key (a repeat answers this invoice; 24 hours) and a hash of the lines it came
     * with (the same key with other lines is refused).
     */
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'invoices_pk', columns: [t.merchantId, t.id] }),
    uniqueIndex('invoices_number_unique').on(t.number),
    index('invoices_merchant_period_idx').on(t.merchantId, t.periodStart.desc(), t.id.desc()),
    // One monthly billing summary per merchant and month: the monthly job can run twice and bill once. One-off
    // invoices (yeti_invoice, decision 0091) are many a day.
    uniqueIndex('invoices_merchant_period_type_unique')
      .on(t.merchantId, t.periodStart, t.displayType)
      .where(sql`${t.displayType} = 'billing_summary'`),
    // One Stripe invoice per monthly summary: a re-run of the job finds it (our own key; Stripe's are per call).
    uniqueIndex('invoices_stripe_source_unique')
      .on(t.merchantId, t.sourceInvoiceId)
      .where(sql`${t.displayType} = 'stripe_invoice'`),
    uniqueIndex('invoices_merchant_idempotency_unique')
      .on(t.merchantId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check('invoices_status_check', oneOf(t.status, INVOICE_STATUSES)),
    check('invoices_display_type_check', oneOf(t.displayType, INVOICE_DISPLAY_TYPES)),
    check('invoices_payment_status_check', oneOf(t.paymentStatus, INVOICE_PAYMENT_STATUSES)),
    // Debits still processing across merchants (operations: a debit whose check job was lost) are few: indexed.
    index('invoices_payment_processing_idx')
      .on(t.paymentProcessingSince)
      .where(sql`${t.paymentStatus} = 'processing'`),
  ],
);

/**
 * The merchant's billing rates (SPEC §3 settings): percentages per card region, tap to pay, device rental,
 * settlement type, contract end and backfill. One row per version; the current one has no `effective_to`.
 * Percentages are exact decimals (numeric), never floats.
 */
export const rates = pgTable(
  'rates',
  {
    merchantId: merchantIdColumn().references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    domesticPercent: numeric('domestic_percent', { precision: 6, scale: 4 }).notNull(),
    eeaPercent: numeric('eea_percent', { precision: 6, scale: 4 }).notNull(),
    globalPercent: numeric('global_percent', { precision: 6, scale: 4 }).notNull(),
    amexPercent: numeric('amex_percent', { precision: 6, scale: 4 }).notNull(),
    otherPercent: numeric('other_percent', { precision: 6, scale: 4 }).notNull(),
    tapToPayPercent: numeric('tap_to_pay_percent', { precision: 6, scale: 4 }).notNull(),
    /** Per-transaction fixed fee in minor units. */
    fixedFee: minorUnits('fixed_fee').notNull().default(0),
    deviceRentalMonthly: minorUnits('device_rental_monthly').notNull().default(0),
    currency: char('currency', { length: 3 }).notNull(),
    settlementType: text('settlement_type').notNull().default('net'),
    contractEndDate: date('contract_end_date', { mode: 'string' }),
    backfill: boolean('backfill').notNull().default(false),
    dealReference: text('deal_reference'),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    effectiveTo: date('effective_to', { mode: 'string' }),
    createdBy: uuid('created_by'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'rates_pk', columns: [t.merchantId, t.id] }),
    index('rates_merchant_effective_idx').on(t.merchantId, t.effectiveFrom.desc()),
    uniqueIndex('rates_merchant_current_unique').on(t.merchantId).where(sql`${t.effectiveTo} is null`),
    check('rates_settlement_type_check', oneOf(t.settlementType, SETTLEMENT_TYPES)),
  ],
);

export const BILLING_ADJUSTMENT_KINDS = ['discount', 'monthly-fee', 'credit'] as const;

/** Discounts, monthly fees and credits (SPEC §3 settings), each with where the fee goes. */
export const billingAdjustments = pgTable(
  'billing_adjustments',
  {
    merchantId: merchantIdColumn().references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    /** Money (minor units) for fees and credits; discounts may use `percent` instead. */
    amount: minorUnits('amount'),
    percent: numeric('percent', { precision: 6, scale: 4 }),
    currency: char('currency', { length: 3 }).notNull(),
    /** Months a discount lasts, when bounded. */
    durationMonths: integer('duration_months'),
    feeDestination: text('fee_destination'),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    createdBy: uuid('created_by'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'billing_adjustments_pk', columns: [t.merchantId, t.id] }),
    check('billing_adjustments_kind_check', oneOf(t.kind, BILLING_ADJUSTMENT_KINDS)),
    check('billing_adjustments_amount_check', sql`${t.amount} is null or ${t.amount} > 0`),
  ],
);
