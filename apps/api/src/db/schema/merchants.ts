import { ENTITY_TYPES, KYC_ONBOARDING_STATUSES } from '@mp/domain/enums';
import { sql } from 'drizzle-orm';
import { boolean, char, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { oneOf, timestamps } from './columns.ts';

/**
 * Lifecycle states stored in `merchants.status`. SPEC §3 / BRIEF's `blocked` status is not stored here: a
 * block is its own flag (reversible without losing the lifecycle state) and the API reports
 * `status: 'blocked'` while it is set.
 */
export const MERCHANT_LIFECYCLE_STATUSES = ['active', 'inactive', 'churned'] as const;

/** A merchant (company or sole trader): the tenant every other table hangs off (SPEC §3 Merchant). */
export const merchants = pgTable(
  'merchants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    legalEntityName: text('legal_entity_name').notNull(),
    /** SPEC §3 entity type: sole-trader or company. */
    entityType: text('entity_type').notNull().default('company'),
    registrationNumber: text('registration_number'),
    vatNumber: text('vat_number'),
    industry: text('industry'),
    /** ISO 3166-1 alpha-2. */
    country: char('country', { length: 2 }).notNull(),
    /** ISO 4217: the merchant's settlement and billing currency. */
    currency: char('currency', { length: 3 }).notNull(),
    /** IANA zone in which the merchant's dates are shown (DESIGN §2). */
    timeZone: text('time_zone').notNull(),
    status: text('status').notNull().default('active'),
    kycOnboardingStatus: text('kyc_onboarding_status').notNull().default('pending'),
    stripeCustomerId: text('stripe_customer_id'),
    /** The signed deal (rates) this merchant was created or associated with. */
    dealReference: text('deal_reference'),
    // Churn (SPEC §9: usually 30 days rolling, with an optional delay in days).
    churnRequestedAt: timestamp('churn_requested_at', { withTimezone: true }),
    churnDelayDays: integer('churn_delay_days'),
    churnEffectiveAt: timestamp('churn_effective_at', { withTimezone: true }),
    churnReason: text('churn_reason'),
    churnedBy: uuid('churned_by'),
    // Block (staff action): orthogonal to the lifecycle status.
    blocked: boolean('blocked').notNull().default(false),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockedReason: text('blocked_reason'),
    blockedBy: uuid('blocked_by'),
    /** Issue 15: the owner requires a second factor of every user; their sessions without one are refused. */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('merchants_status_check', oneOf(t.status, MERCHANT_LIFECYCLE_STATUSES)),
    check('merchants_kyc_status_check', oneOf(t.kycOnboardingStatus, KYC_ONBOARDING_STATUSES)),
    check('merchants_entity_type_check', oneOf(t.entityType, ENTITY_TYPES)),
    check('merchants_country_check', sql`${t.country} ~ '^[A-Z]{2}$'`),
    check('merchants_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    index('merchants_legal_entity_name_idx').on(sql`lower(${t.legalEntityName})`),
  ],
);
