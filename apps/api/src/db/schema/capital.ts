import { sql } from 'drizzle-orm';
import {
  char,
  check,
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

export const CAPITAL_REQUEST_STATUSES = ['requested', 'approved', 'declined'] as const;

/**
 * A merchant's request for the capital offer the companion app showed them (issue 14 §1, decision 0080): the
 * offer's figures as they stood when requested, and who asked. Staff read them on the staff company page.
 */
export const capitalRequests = pgTable(
  'capital_requests',
  {
    merchantId: merchantIdColumn().references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    status: text('status').notNull().default('requested'),
    currency: char('currency', { length: 3 }).notNull(),
    amount: minorUnits('amount').notNull(),
    fee: minorUnits('fee').notNull(),
    /** Share of each day's card takings kept back until amount + fee are repaid, in basis points. */
    repaymentBasisPoints: integer('repayment_basis_points').notNull(),
    /** The card volume of the 90 days the offer was computed from. */
    volume90Days: minorUnits('volume_90_days').notNull(),
    requestedBy: uuid('requested_by').notNull(),
    requestedByEmail: text('requested_by_email').notNull(),
    /** A staff member's decision (decision 0086): when, who, and for a decline the reason the merchant is told. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by'),
    declineReason: text('decline_reason'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'capital_requests_pk', columns: [t.merchantId, t.id] }),
    index('capital_requests_merchant_created_idx').on(t.merchantId, t.createdAt.desc()),
    // One open request per merchant at a time.
    uniqueIndex('capital_requests_one_open').on(t.merchantId).where(sql`${t.status} = 'requested'`),
    check('capital_requests_status_check', oneOf(t.status, CAPITAL_REQUEST_STATUSES)),
    check('capital_requests_amount_check', sql`${t.amount} > 0 and ${t.fee} >= 0`),
    check(
      'capital_requests_decision_check',
      sql`(${t.status} = 'requested') = (${t.decidedAt} is null) and (${t.status} = 'declined') = (${t.declineReason} is not null)`,
    ),
  ],
);
