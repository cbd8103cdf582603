import { SETTLEMENT_TYPES } from '@mp/domain/enums';
import { sql } from 'drizzle-orm';
import {
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { minorUnits, oneOf, timestamps } from './columns.ts';

export const DEAL_STATUSES = ['active', 'withdrawn'] as const;

/** A monthly fee or a discount of a deal, copied into `billing_adjustments` when a merchant takes the deal. */
export type DealAdjustment =
  | { kind: 'monthly-fee'; description: string; amount: number }
  | { kind: 'discount'; description: string; percent: number; durationMonths: number | null };

/**
 * A price offer staff make before the merchant exists (docs/decisions/0079): the rate fields of `rates`, its
 * monthly fees and discounts, until `valid_until`. Not a tenant table (no merchant): onboarding copies it into
 * the new merchant's first rates version, and staff's "associate" into a new version of an existing merchant's.
 */
export const deals = pgTable(
  'deals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `DL-` and five characters (no 0/O, 1/I/L): read out on the phone and typed into a link. */
    reference: text('reference').notNull(),
    name: text('name').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    domesticPercent: numeric('domestic_percent', { precision: 6, scale: 4 }).notNull(),
    eeaPercent: numeric('eea_percent', { precision: 6, scale: 4 }).notNull(),
    globalPercent: numeric('global_percent', { precision: 6, scale: 4 }).notNull(),
    amexPercent: numeric('amex_percent', { precision: 6, scale: 4 }).notNull(),
    otherPercent: numeric('other_percent', { precision: 6, scale: 4 }).notNull(),
    tapToPayPercent: numeric('tap_to_pay_percent', { precision: 6, scale: 4 }).notNull(),
    fixedFee: minorUnits('fixed_fee').notNull().default(0),
    deviceRentalMonthly: minorUnits('device_rental_monthly').notNull(),
    settlementType: text('settlement_type').notNull().default('net'),
    /** Months the contract runs from the day the merchant takes the deal (its rates' contract end date). */
    contractMonths: integer('contract_months'),
    adjustments: jsonb('adjustments').$type<DealAdjustment[]>().notNull().default([]),
    /** The last day the deal can be taken (inclusive, UTC calendar date). */
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('active'),
    createdBy: uuid('created_by').notNull(),
    updatedBy: uuid('updated_by').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('deals_reference_unique').on(t.reference),
    index('deals_created_at_idx').on(t.createdAt.desc()),
    check('deals_status_check', oneOf(t.status, DEAL_STATUSES)),
    check('deals_settlement_type_check', oneOf(t.settlementType, SETTLEMENT_TYPES)),
    check('deals_reference_check', sql`${t.reference} ~ '^DL-[A-Z0-9]{5}$'`),
  ],
);
