import { ROLES } from '@mp/domain/permissions';
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
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

/**
 * A user's membership of a merchant, with the company-scoped roles they hold there (SPEC §3 user invite:
 * companyRoles). A user without a membership has no access to the merchant (404, DESIGN §4).
 */
export const merchantMemberships = pgTable(
  'merchant_memberships',
  {
    merchantId: merchantIdColumn().references(() => merchants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyRoles: text('company_roles').array().notNull().default(sql`'{}'::text[]`),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'merchant_memberships_pk', columns: [t.merchantId, t.userId] }),
    index('merchant_memberships_user_idx').on(t.userId),
    check(
      'merchant_memberships_roles_check',
      sql`${t.companyRoles} <@ array[${sql.raw(ROLES.map((r) => `'${r}'`).join(', '))}]::text[]`,
    ),
  ],
);

/**
 * Site-scoped roles (SPEC §3 siteRoles, §6): one row per (user, merchant, site, role); `site_id` is a site's id
 * or `*` for every site of the merchant, hence text and no foreign key to sites.
 */
export const siteRoleGrants = pgTable(
  'site_role_grants',
  {
    merchantId: merchantIdColumn(),
    userId: uuid('user_id').notNull(),
    siteId: text('site_id').notNull(),
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'site_role_grants_pk', columns: [t.merchantId, t.userId, t.siteId, t.role] }),
    foreignKey({
      name: 'site_role_grants_membership_fk',
      columns: [t.merchantId, t.userId],
      foreignColumns: [merchantMemberships.merchantId, merchantMemberships.userId],
    }).onDelete('cascade'),
    check('site_role_grants_role_check', oneOf(t.role, ROLES)),
    check(
      'site_role_grants_site_check',
      sql`${t.siteId} = '*' or ${t.siteId} ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`,
    ),
  ],
);

/** What an invitation is; `expired` is stored only when a new invitation replaces a lapsed one. */
export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'revoked', 'expired'] as const;

/**
 * An invitation of an existing account to a merchant (DESIGN §4 "Accounts and memberships", issue 8 §1): the
 * roles it would grant wait here until the invitee accepts; only acceptance creates the membership. A pending
 * invitation past `expires_at` (7 days, as temporary passwords) can no longer be accepted. One pending
 * invitation per account and merchant.
 */
export const merchantInvitations = pgTable(
  'merchant_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: merchantIdColumn().references(() => merchants.id, { onDelete: 'cascade' }),
    inviteeUserId: uuid('invitee_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address as the inviter typed it (lower-cased); what the merchant's users list shows. */
    email: text('email').notNull(),
    companyRoles: text('company_roles').array().notNull().default(sql`'{}'::text[]`),
    siteRoles: jsonb('site_roles').$type<{ siteId: string; roles: string[] }[]>().notNull().default([]),
    status: text('status').notNull().default('pending'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When it was accepted, declined, revoked or replaced. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('merchant_invitations_merchant_idx').on(t.merchantId, t.createdAt),
    index('merchant_invitations_invitee_idx').on(t.inviteeUserId, t.status),
    uniqueIndex('merchant_invitations_pending_unique')
      .on(t.merchantId, t.inviteeUserId)
      .where(sql`${t.status} = 'pending'`),
    check('merchant_invitations_status_check', oneOf(t.status, INVITATION_STATUSES)),
    check(
      'merchant_invitations_roles_check',
      sql`${t.companyRoles} <@ array[${sql.raw(ROLES.map((r) => `'${r}'`).join(', '))}]::text[]`,
    ),
  ],
);
