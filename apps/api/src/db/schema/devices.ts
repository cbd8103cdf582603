import { DEVICE_MODEL_IDS } from '@mp/domain/enums';
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  date,
  foreignKey,
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

export const DEVICE_ORDER_STATES = ['placed', 'dispatched', 'delivered', 'cancelled'] as const;
export const DEVICE_ORDER_LINE_KINDS = ['device', 'dock'] as const;

/**
 * A terminal order (SPEC §2.4 "Device order", §7 POST /merchants/{id}/devices): who to contact, where and from
 * when to deliver, the terms agreed, and its state. Its lines are in `device_order_lines`.
 */
export const deviceOrders = pgTable(
  'device_orders',
  {
    merchantId: merchantIdColumn().references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    /** The site whose address prefilled the delivery address, if any. */
    siteId: uuid('site_id'),
    state: text('state').notNull().default('placed'),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    /** `{ line1, line2?, city, stateOrProvince?, postalCode, country }` as validated by the site address rule. */
    deliveryAddress: jsonb('delivery_address').$type<Record<string, string>>().notNull(),
    /** First possible delivery day (merchant time zone), from the delivery window of SPEC §9. */
    firstDeliveryDate: date('first_delivery_date', { mode: 'string' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** Sum of the rental lines per month, and of the outright lines (docks), in minor units. */
    monthlyTotal: minorUnits('monthly_total').notNull(),
    outrightTotal: minorUnits('outright_total').notNull(),
    termsAgreedAt: timestamp('terms_agreed_at', { withTimezone: true }).notNull(),
    orderedBy: uuid('ordered_by').notNull(),
    /**
     * The request's Idempotency-Key (a repeat answers this order; 24 hours) and a hash of the order it came with
     * (the same key with another order is refused).
     */
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'device_orders_pk', columns: [t.merchantId, t.id] }),
    uniqueIndex('device_orders_id_unique').on(t.id),
    uniqueIndex('device_orders_merchant_idempotency_unique')
      .on(t.merchantId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('device_orders_merchant_created_idx').on(t.merchantId, t.createdAt.desc()),
    check('device_orders_state_check', oneOf(t.state, DEVICE_ORDER_STATES)),
  ],
);

/** One line of a device order: a number of terminals of one model (rented monthly) or docks (bought outright). */
export const deviceOrderLines = pgTable(
  'device_order_lines',
  {
    merchantId: merchantIdColumn(),
    orderId: uuid('order_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    kind: text('kind').notNull(),
    /** The terminal model of a `device` line; the model the dock fits for a `dock` line. */
    model: text('model').notNull(),
    quantity: integer('quantity').notNull(),
    /** Rental per unit and month (`device`) or price per unit (`dock`), minor units of `currency`. */
    unitAmount: minorUnits('unit_amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    billing: text('billing').notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'device_order_lines_pk', columns: [t.merchantId, t.id] }),
    foreignKey({
      name: 'device_order_lines_order_fk',
      columns: [t.merchantId, t.orderId],
      foreignColumns: [deviceOrders.merchantId, deviceOrders.id],
    }).onDelete('cascade'),
    check('device_order_lines_kind_check', oneOf(t.kind, DEVICE_ORDER_LINE_KINDS)),
    check('device_order_lines_model_check', oneOf(t.model, DEVICE_MODEL_IDS)),
    check('device_order_lines_billing_check', oneOf(t.billing, ['monthly', 'outright'])),
    check('device_order_lines_quantity_check', sql`${t.quantity} between 1 and 50`),
    check('device_order_lines_amount_check', sql`${t.unitAmount} >= 0`),
  ],
);

/**
 * The provider's terminals that belong to no merchant yet, each showing a one-time code on its screen
 * (issue 10 "Connect a device"). Not a tenant table: a merchant's request may claim a row by its code, and the
 * claimed terminal moves into `devices`. Only a hash of the code is kept.
 */
export const terminalStock = pgTable(
  'terminal_stock',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serial: text('serial').notNull(),
    model: text('model').notNull(),
    firmwareVersion: text('firmware_version'),
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('terminal_stock_serial_unique').on(t.serial),
    uniqueIndex('terminal_stock_code_hash_unique').on(t.codeHash),
    check('terminal_stock_model_check', oneOf(t.model, DEVICE_MODEL_IDS)),
  ],
);

/** Each try to connect a terminal by code, so that wrong codes are limited per merchant (brute force). */
export const deviceAssignAttempts = pgTable(
  'device_assign_attempts',
  {
    merchantId: merchantIdColumn().references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    succeeded: boolean('succeeded').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'device_assign_attempts_pk', columns: [t.merchantId, t.id] }),
    index('device_assign_attempts_merchant_at_idx').on(t.merchantId, t.at.desc()),
  ],
);
