import { sql } from 'drizzle-orm';
import {
  check,
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
import { merchantIdColumn, oneOf, timestamps } from './columns.ts';
import { users } from './identity.ts';
import { merchants } from './merchants.ts';

export const ONBOARDING_APPLICATION_STATUSES = ['in-progress', 'submitted'] as const;

/**
 * An onboarding application, saved after every wizard step so it can be resumed on any device with the 6-digit
 * shortcode e-mailed to its applicant (SPEC §5, §8). It belongs to a user, not yet to a merchant: row-level
 * security lets `app_user` see only the applicant's own rows (`app.user_id`).
 */
export const onboardingApplications = pgTable(
  'onboarding_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The applicant's e-mail when the application was started (SPEC §8: "enter the e-mail used before"). */
    email: text('email').notNull(),
    /** sha-256 of the shortcode; the code itself is only in the e-mail. */
    shortcodeHash: text('shortcode_hash').notNull(),
    status: text('status').notNull().default('in-progress'),
    dealReference: text('deal_reference'),
    /** `{ company?, payments?, site? }`: each saved step, validated by its schema. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** The furthest step saved (0 = none). */
    stepsDone: integer('steps_done').notNull().default(0),
    /** The merchant the application created (not a tenant key: the application is the applicant's). */
    createdMerchantId: uuid('created_merchant_id').references(() => merchants.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('onboarding_applications_status_check', oneOf(t.status, ONBOARDING_APPLICATION_STATUSES)),
    uniqueIndex('onboarding_applications_shortcode_unique')
      .on(t.shortcodeHash)
      .where(sql`${t.status} = 'in-progress'`),
    // SPEC §8: one active onboarding per e-mail.
    uniqueIndex('onboarding_applications_active_email_unique')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.status} = 'in-progress'`),
    index('onboarding_applications_user_idx').on(t.userId, t.createdAt),
  ],
);

/** A hosted verification (KYC) link of a merchant: single use, expiring; only its hash is stored. */
export const kycSessions = pgTable(
  'kyc_sessions',
  {
    merchantId: merchantIdColumn().references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    outcome: text('outcome'),
    createdBy: uuid('created_by'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'kyc_sessions_pk', columns: [t.merchantId, t.id] }),
    uniqueIndex('kyc_sessions_token_unique').on(t.tokenHash),
  ],
);
