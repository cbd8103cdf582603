import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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
    /** unconfirmed | confirmed | force_change_password */
    status: text('status').notNull().default('unconfirmed'),
    /** A disabled user keeps its status and cannot sign in, refresh or reset until enabled again. */
    enabled: boolean('enabled').notNull().default(true),
    temporaryPasswordExpiresAt: timestamp('temporary_password_expires_at', { withTimezone: true }),
    emailVerified: boolean('email_verified').notNull().default(false),
    locale: text('locale').notNull().default('en-GB'),
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

/**
 * Opaque refresh tokens, stored as SHA-256 hashes. Every sign-in starts a family; each refresh
 * rotates within it. Presenting a rotated or revoked token again revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when this token was exchanged for its successor. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The session passed a second factor at sign-in (issue 15); kept by every rotation of the family. */
    secondFactor: boolean('second_factor').notNull().default(false),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_unique').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Issue 15: one row per session (refresh-token family, `sid` of its access tokens): where it was opened from,
 * when it was first and last seen, and when it ended. Ending a session revokes its refresh tokens and, through
 * the per-instance revocation check (identity/session-check.ts), its access tokens within the cache window.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    /** The refresh-token family id. */
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    /** The client IP last seen (the sign-in's, then the latest checked request's). */
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId, t.lastSeenAt.desc())],
);

/**
 * One-time secrets sent to or held by a user: sign-up confirmation codes, password reset codes and
 * new-password challenge sessions. Stored as keyed hashes, single use, with a bounded number of tries.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** confirm_sign_up | reset_password | new_password_session */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('verification_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt)],
);

/**
 * Failed sign-ins per e-mail address (a keyed hash of the lower-cased address, whether or not an
 * account exists), driving the slow-down and the 30-minute lock-out (PCI DSS 8.3.4).
 */
export const signInAttempts = pgTable('sign_in_attempts', {
  accountKey: text('account_key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Fixed-window request counters of the identity rate limits (issue 8 §4), shared by every API instance on
 * this database: one row per key (endpoint and client IP or e-mail address), counted by one atomic upsert.
 * Used unless REDIS_URL selects the Redis store; expired rows are swept as new hits arrive.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_windows_reset_at_idx').on(t.resetAt)],
);

/** ES256 key pairs generated on first start when none is configured, so restarts keep sessions. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  algorithm: text('algorithm').notNull(),
  privateJwk: jsonb('private_jwk').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

/** Accounts at external OpenID Connect providers linked to a user (social sign-in). */
export const userIdentities = pgTable(
  'user_identities',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_identities_issuer_subject_unique').on(t.issuer, t.subject)],
);

/** Pending OpenID Connect authorizations: state → PKCE verifier and nonce, short-lived, single use. */
export const oidcAuthorizations = pgTable('oidc_authorizations', {
  stateHash: text('state_hash').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirect: text('redirect'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Every e-mail the API sends, written by the outbox mail adapter (DESIGN §1 "mail"). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** What the message is for: confirm_sign_up, reset_password, temporary_password, … */
    kind: text('kind').notNull(),
    locale: text('locale').notNull(),
    /** Reply-To of the message (a support message: the user who wrote it). */
    replyTo: text('reply_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_to_idx').on(sql`lower(${t.to})`, t.createdAt)],
);

/**
 * Addresses mail could not be delivered to (issue 11 §3): a permanent rejection by the receiving server (an SMTP
 * 5xx on the recipient) records the address here, lower-cased. A receipt to an inactive recipient is not sent;
 * the caller gets SPEC §8's "inactive email recipient" message instead. Global, not per merchant: a mailbox that
 * does not exist does not exist for anyone.
 */
export const mailInactiveRecipients = pgTable('mail_inactive_recipients', {
  email: text('email').primaryKey(),
  /** The receiving server's answer (e.g. "550 5.1.1 no such user"); never card data. */
  reason: text('reason').notNull(),
  bouncedAt: timestamp('bounced_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Authenticator-app factor (issue 15, RFC 6238): one per user. The secret is AES-256-GCM encrypted with the
 * configured key (IDENTITY_ENCRYPTION_KEY); `confirmedAt` null while set-up awaits its first code;
 * `lastUsedStep` is the last accepted 30-second step, so a code is never accepted twice.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes (issue 15): 10 per confirmed set-up, stored as keyed hashes. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);
