import type { AuditAction } from '@mp/domain/audit-actions';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Who did what, when, from where (DESIGN §4: every staff action on a merchant is recorded and readable by
 * the merchant's owners). `acting_as` is the capacity: `staff`, `staff-override`, `member` or `system`.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for actions on no merchant (e.g. a staff member's own settings). */
    merchantId: uuid('merchant_id'),
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email'),
    actingAs: text('acting_as').notNull(),
    /** The staff override the action was taken under (issue 5: both identities recorded). */
    overrideId: uuid('override_id'),
    /** One of AUDIT_ACTIONS (packages/domain), each named in every language by the portal. */
    action: text('action').$type<AuditAction>().notNull(),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_merchant_at_idx').on(t.merchantId, t.at.desc()),
    index('audit_log_actor_at_idx').on(t.actorUserId, t.at.desc()),
  ],
);
