import { sql } from 'drizzle-orm';
import {
  char,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { merchantIdColumn, timestamps } from './columns.ts';
import { merchants } from './merchants.ts';

/**
 * A merchant's site (SPEC §3 Site). `settings` holds the internal settings tabs (payouts, payment methods,
 * tips, integrations, device settings, trading hours, PINs, manual limits) as one validated document.
 */
export const sites = pgTable(
  'sites',
  {
    merchantId: merchantIdColumn().references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    /** Unique within the merchant and never changed after creation (SPEC §5, DESIGN §4). */
    name: text('name').notNull(),
    displayName: text('display_name'),
    shortCode: text('short_code'),
    payByLinkTermsUrl: text('pay_by_link_terms_url'),
    /** Daily settlement cut-off, `HH:MM` in the merchant's time zone. */
    settlementWindow: text('settlement_window').notNull().default('00:00'),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    city: text('city').notNull(),
    stateOrProvince: text('state_or_province'),
    /** Stored uppercased (SPEC §5). */
    postalCode: text('postal_code').notNull(),
    country: char('country', { length: 2 }).notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'sites_pk', columns: [t.merchantId, t.id] }),
    uniqueIndex('sites_id_unique').on(t.id),
    uniqueIndex('sites_merchant_name_unique').on(t.merchantId, sql`lower(${t.name})`),
    index('sites_merchant_created_idx').on(t.merchantId, t.createdAt),
  ],
);
