import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The user pool (SPEC §3 "Authenticated user"). Owned by the identity module; other modules
 * reference `users.id` only.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SPEC §3: "id (custom user id)"; sign-up may supply one, else it equals `id`. */
    userId: text('user_id').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    passwordHash: text('password_hash'),
    /** unconfirmed | confirmed | force_change_password | disabled */
    status: text('status').notNull().default('unconfirmed'),
    temporaryPasswordExpiresAt: timestamp('temporary_password_expires_at', { withTimezone: true }),
    emailVerified: boolean('email_verified').notNull().default(false),
    locale: text('locale').notNull().default('en-GB'),
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_user_id_unique').on(t.userId),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

/** Group membership; the `Staff` group marks provider staff (SPEC §3, §6). */
export const userGroups = pgTable(
  'user_groups',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupName: text('group_name').notNull(),
  },
  (t) => [uniqueIndex('user_groups_pk').on(t.userId, t.groupName)],
);
