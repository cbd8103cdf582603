import { DEVICE_MODEL_IDS } from '@mp/domain/enums';
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { merchantIdColumn, oneOf, timestamps } from './columns.ts';
import { merchants } from './merchants.ts';
import { sites } from './sites.ts';

/** A card terminal assigned to a merchant, and usually to one of its sites (SPEC §3 Device). */
export const devices = pgTable(
  'devices',
  {
    merchantId: merchantIdColumn().references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    siteId: uuid('site_id'),
    /** The terminal's serial number: one physical device, so unique across merchants. */
    serial: text('serial').notNull(),
    label: text('label'),
    model: text('model').notNull(),
    firmwareVersion: text('firmware_version'),
    /** active | inactive (returned or switched off) */
    status: text('status').notNull().default('active'),
    lastTransactionAt: timestamp('last_transaction_at', { withTimezone: true }),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'devices_pk', columns: [t.merchantId, t.id] }),
    uniqueIndex('devices_id_unique').on(t.id),
    uniqueIndex('devices_serial_unique').on(t.serial),
    foreignKey({
      name: 'devices_site_fk',
      columns: [t.merchantId, t.siteId],
      foreignColumns: [sites.merchantId, sites.id],
    }),
    index('devices_merchant_site_idx').on(t.merchantId, t.siteId),
    index('devices_merchant_serial_idx').on(t.merchantId, sql`lower(${t.serial})`),
    check('devices_model_check', oneOf(t.model, DEVICE_MODEL_IDS)),
    check('devices_status_check', oneOf(t.status, ['active', 'inactive'])),
  ],
);
