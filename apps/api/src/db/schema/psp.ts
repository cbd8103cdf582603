import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { merchants } from './merchants.ts';

/**
 * The PSP inbox (DESIGN §4 PSP): every notification item exactly as it arrived (card data reduced to BIN, last
 * four, scheme and issuing country), stored before it is acted on. One row per (psp, pspReference, eventCode,
 * success): a retried notification finds its row and changes nothing. The state of a payment is recomputed
 * from all rows of its `payment_reference`, so the order they arrive in does not matter.
 *
 * `merchant_id` is null until the item is matched to a merchant (through its terminal or metadata); the tenant
 * role sees only its own merchant's matched rows (row-level security), the ingestion path writes as the owner.
 */
export const pspNotifications = pgTable(
  'psp_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Which PSP sent it (`adyen`; the simulator speaks Adyen). */
    psp: text('psp').notNull(),
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
    /** The transaction this item belongs to, once it exists. */
    transactionId: uuid('transaction_id'),
    pspReference: text('psp_reference').notNull(),
    /** The payment a modification (capture, refund, chargeback, …) applies to. */
    originalReference: text('original_reference'),
    /** originalReference for modifications, pspReference for payments: what rows of one payment share. */
    paymentReference: text('payment_reference').notNull(),
    eventCode: text('event_code').notNull(),
    success: boolean('success').notNull(),
    merchantAccountCode: text('merchant_account_code').notNull(),
    merchantReference: text('merchant_reference'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    eventDate: timestamp('event_date', { withTimezone: true }).notNull(),
    reason: text('reason'),
    paymentMethod: text('payment_method'),
    /** The item's additionalData, reduced to the allow-listed keys (never a card number). */
    additionalData: jsonb('additional_data').$type<Record<string, string>>().notNull().default({}),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it was last applied; null while it waits to be (a failed apply is retried with the next delivery). */
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    /** applied | waiting (its payment has not arrived yet) | unmatched (no terminal or site of ours) */
    outcome: text('outcome'),
  },
  (t) => [
    uniqueIndex('psp_notifications_dedupe_unique').on(t.psp, t.pspReference, t.eventCode, t.success),
    index('psp_notifications_payment_idx').on(t.psp, t.paymentReference),
    index('psp_notifications_merchant_transaction_idx')
      .on(t.merchantId, t.transactionId)
      .where(sql`${t.transactionId} is not null`),
  ],
);
