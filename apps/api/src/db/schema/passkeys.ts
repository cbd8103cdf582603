import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/**
 * Passkeys (WebAuthn credentials, issue 15), owned like the authenticator-app factor: each row belongs to one
 * user (deleted with them) and the identity module reads and changes only the signed-in user's rows, so
 * another user's passkey id answers 404. The public key is the COSE key the authenticator gave at set-up
 * (base64url); `counter` is its signature counter, and an assertion must move it forward (0 stays 0 for
 * authenticators that do not count).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id (base64url), as browsers send it back. */
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** The user's name for it ("MacBook"). */
    name: text('name').notNull(),
    /** singleDevice | multiDevice, and whether it is backed up (synced passkey). */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passkeys_credential_id_idx').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId),
  ],
);

/**
 * WebAuthn challenges (issue 15): kept on the server, single use (taken by a delete) and short-lived. A
 * set-up or second-factor challenge belongs to one user; a password-less sign-in's belongs to nobody yet.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    /** base64url, as it comes back in clientDataJSON. */
    challenge: text('challenge').primaryKey(),
    /** registration | second_factor | sign_in */
    purpose: text('purpose').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);
