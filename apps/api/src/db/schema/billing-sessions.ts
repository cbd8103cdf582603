import { check, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { merchantIdColumn, oneOf, timestamps } from './columns.ts';
import { merchants } from './merchants.ts';

export const BILLING_SESSION_STATUSES = ['open', 'succeeded', 'failed'] as const;

/**
 * A checkout session of the billing provider (SPEC §3: paymentToken): the simulated provider's hosted page or a
 * Stripe SetupIntent. Only the hash of the token is stored; the result is read back by the success page.
 */
export const billingSessions = pgTable(
  'billing_sessions',
  {
    merchantId: merchantIdColumn().references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    provider: text('provider').notNull(),
    /** Stripe SetupIntent id (`seti_…`) when the provider is Stripe. */
    providerSessionId: text('provider_session_id'),
    status: text('status').notNull().default('open'),
    paymentMethodId: uuid('payment_method_id'),
    failureReason: text('failure_reason'),
    createdBy: uuid('created_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'billing_sessions_pk', columns: [t.merchantId, t.id] }),
    uniqueIndex('billing_sessions_token_unique').on(t.tokenHash),
    check('billing_sessions_status_check', oneOf(t.status, BILLING_SESSION_STATUSES)),
  ],
);
