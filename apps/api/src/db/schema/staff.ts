import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { merchantIdColumn, timestamps } from './columns.ts';
import { merchants } from './merchants.ts';

/**
 * A staff member's override into a merchant (issue 5): a stated reason, an expiry, and an end. While one is
 * live, every request the staff member makes on that merchant is audited with both identities.
 */
export const staffOverrides = pgTable(
  'staff_overrides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: merchantIdColumn().references(() => merchants.id, { onDelete: 'cascade' }),
    staffUserId: uuid('staff_user_id').notNull(),
    staffEmail: text('staff_email').notNull(),
    reason: text('reason').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('staff_overrides_merchant_staff_idx').on(t.merchantId, t.staffUserId, t.expiresAt.desc()),
    // One live override per staff member and merchant; starting a new one ends the old one first.
    uniqueIndex('staff_overrides_live_unique')
      .on(t.merchantId, t.staffUserId)
      .where(sql`${t.endedAt} is null`),
  ],
);

/** Company-level settings the staff edit next to the rates (SPEC §3 settings: fee destination, trading hours). */
export const merchantSettings = pgTable('merchant_settings', {
  merchantId: uuid('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  feeDestination: text('fee_destination'),
  /** `{ monday: [{ opens: 'HH:MM', closes: 'HH:MM' }], … }` in the merchant's time zone. */
  tradingHours: jsonb('trading_hours').$type<Record<string, { opens: string; closes: string }[]>>(),
  ...timestamps,
});
