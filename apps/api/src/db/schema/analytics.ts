import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Page views and page leaves the portal sends after analytics consent (issue 14 §3, SPEC §1), through the
 * default analytics adapter. No personal data beyond the user id: the path (no query, no fragment), the route id,
 * a random visitor id the browser keeps only after consent (reset on sign-out), and the user id of a valid bearer
 * token (never taken from the body).
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: ['page_view', 'page_leave'] }).notNull(),
    path: text('path').notNull(),
    routeId: text('route_id').notNull(),
    visitorId: uuid('visitor_id').notNull(),
    userId: uuid('user_id'),
    /** Page leaves: milliseconds the page was shown. */
    durationMs: integer('duration_ms'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_events_occurred_at_idx').on(t.occurredAt, t.routeId)],
);

/**
 * The record of each cookie-consent choice (issue 14 §2, docs/decisions/0082): which categories, when, which
 * revision of the dialog's text, in which language. The browser keeps the same record in its necessary consent
 * cookie; this copy is the provider's proof. `consentId` is the random id the consent cookie carries; `userId`
 * is set when a signed-in user chose (from the bearer token).
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    consentId: uuid('consent_id').notNull(),
    userId: uuid('user_id'),
    categories: text('categories').array().notNull(),
    revision: integer('revision').notNull(),
    locale: text('locale').notNull(),
    /** first: the first choice on this browser; change: a later one from the footer or user menu. */
    action: text('action', { enum: ['first', 'change'] }).notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consent_records_consent_id_idx').on(t.consentId, t.receivedAt)],
);
