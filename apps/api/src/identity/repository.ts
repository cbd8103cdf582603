import { and, desc, eq, gt, inArray, isNull, like, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/audit.ts';
import {
  oidcAuthorizations,
  recoveryCodes,
  refreshTokens,
  signInAttempts,
  signingKeys,
  totpFactors,
  userGroups,
  userIdentities,
  userSessions,
  users,
  verificationCodes,
} from '../db/schema/identity.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type CodePurpose =
  | 'confirm_sign_up'
  | 'reset_password'
  | 'new_password_session'
  | 'social_sign_in'
  | 'second_factor_session';
export type TotpFactorRow = typeof totpFactors.$inferSelect;
export type CodeRow = typeof verificationCodes.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type SignInAttemptRow = typeof signInAttempts.$inferSelect;
export type UserSessionRow = typeof userSessions.$inferSelect;

/** All SQL of the identity module. Emails are compared lower-cased (the unique index is on lower(email)). */
export function createIdentityRepository(db: Db) {
  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
        .limit(1);
      return row;
    },

    async findUserById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /**
     * `SELECT … FOR UPDATE` on the user's row, in the caller's transaction: changes that must see each other
     * (adding second factors) are decided one at a time for one user. False when there is no such user.
     */
    async lockUser(id: string): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
      return rows.length > 0;
    },

    async customUserIdTaken(userId: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.userId, userId)).limit(1);
      return row !== undefined;
    },

    /** Inserts a user (and groups); `userId` defaults to the row's uuid. Undefined when the e-mail is taken. */
    async insertUser(
      values: Omit<NewUserRow, 'id' | 'userId'> & { userId?: string | undefined },
      groups: string[] = [],
    ): Promise<UserRow | undefined> {
      return db.transaction(async (tx) => {
        const id = crypto.randomUUID();
        const [row] = await tx
          .insert(users)
          .values({ ...values, id, userId: values.userId ?? id })
          .onConflictDoNothing()
          .returning();
        if (!row) return undefined;
        if (groups.length > 0)
          await tx
            .insert(userGroups)
            .values(groups.map((groupName) => ({ userId: id, groupName })))
            .onConflictDoNothing();
        return row;
      });
    },

    /** With `onlyInStatus`, only while the user is still in that status; undefined when not (a concurrent change). */
    async updateUser(
      id: string,
      values: Partial<Omit<NewUserRow, 'id'>>,
      now: Date,
      onlyInStatus?: string,
    ): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: now })
        .where(
          onlyInStatus === undefined
            ? eq(users.id, id)
            : and(eq(users.id, id), eq(users.status, onlyInStatus)),
        )
        .returning();
      return row;
    },

    async groupsOf(userId: string): Promise<string[]> {
      const rows = await db
        .select({ groupName: userGroups.groupName })
        .from(userGroups)
        .where(eq(userGroups.userId, userId))
        .orderBy(userGroups.groupName);
      return rows.map((row) => row.groupName);
    },

    async addToGroup(userId: string, groupName: string): Promise<void> {
      await db.insert(userGroups).values({ userId, groupName }).onConflictDoNothing();
    },

    async removeFromGroup(userId: string, groupName: string): Promise<void> {
      await db
        .delete(userGroups)
        .where(and(eq(userGroups.userId, userId), eq(userGroups.groupName, groupName)));
    },

    // --- one-time codes -------------------------------------------------------------------------------

    /** Stores a new code and retires every earlier unconsumed code of the same purpose: only the latest works. */
    async replaceCode(values: {
      userId: string;
      purpose: CodePurpose;
      codeHash: string;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(verificationCodes)
          .set({ consumedAt: values.createdAt })
          .where(
            and(
              eq(verificationCodes.userId, values.userId),
              eq(verificationCodes.purpose, values.purpose),
              isNull(verificationCodes.consumedAt),
            ),
          );
        await tx.insert(verificationCodes).values(values);
      });
    },

    async latestLiveCode(userId: string, purpose: CodePurpose): Promise<CodeRow | undefined> {
      const [row] = await db
        .select()
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.userId, userId),
            eq(verificationCodes.purpose, purpose),
            isNull(verificationCodes.consumedAt),
          ),
        )
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      return row;
    },

    /**
     * Admits one try at a code and counts it, in one statement, before the code is compared: only while the code
     * is live (unconsumed, unexpired) and has had fewer than `maxAttempts` tries. Reading the count, comparing and
     * then counting let parallel guesses all see fewer than the limit; the row lock of this UPDATE serialises
     * them. False when the try is refused.
     */
    async admitCodeAttempt(codeId: string, now: Date, maxAttempts: number): Promise<boolean> {
      const rows = await db
        .update(verificationCodes)
        .set({ failedAttempts: sql`${verificationCodes.failedAttempts} + 1` })
        .where(
          and(
            eq(verificationCodes.id, codeId),
            isNull(verificationCodes.consumedAt),
            gt(verificationCodes.expiresAt, now),
            sql`${verificationCodes.failedAttempts} < ${maxAttempts}`,
          ),
        )
        .returning({ id: verificationCodes.id });
      return rows.length === 1;
    },

    /** A try admitted by `admitCodeAttempt` was the right code: it does not count as a failure. */
    async refundCodeAttempt(codeId: string): Promise<void> {
      await db
        .update(verificationCodes)
        .set({ failedAttempts: sql`greatest(${verificationCodes.failedAttempts} - 1, 0)` })
        .where(eq(verificationCodes.id, codeId));
    },

    /** Every unconsumed code of the user, whatever its purpose, stops working. */
    async retireCodes(userId: string, now: Date): Promise<void> {
      await db
        .update(verificationCodes)
        .set({ consumedAt: now })
        .where(and(eq(verificationCodes.userId, userId), isNull(verificationCodes.consumedAt)));
    },

    /** Single use: true only for the one caller that flips consumed_at. */
    async consumeCode(codeId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(verificationCodes)
        .set({ consumedAt: now })
        .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.consumedAt)))
        .returning({ id: verificationCodes.id });
      return rows.length === 1;
    },

    // --- refresh tokens -------------------------------------------------------------------------------

    async insertRefreshToken(values: {
      userId: string;
      familyId: string;
      tokenHash: string;
      createdAt: Date;
      expiresAt: Date;
      secondFactor?: boolean;
    }): Promise<void> {
      await db.insert(refreshTokens).values(values);
    },

    async findRefreshToken(tokenHash: string): Promise<RefreshTokenRow | undefined> {
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    /** Marks a live token rotated; false when it was already rotated or revoked (a concurrent reuse). */
    async rotateRefreshToken(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ rotatedAt: now })
        .where(
          and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)),
        )
        .returning({ id: refreshTokens.id });
      return rows.length === 1;
    },

    /** Ends one session: its refresh tokens and its user_sessions row (the access-token check reads that). */
    async revokeFamily(familyId: string, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
        await tx
          .update(userSessions)
          .set({ revokedAt: now })
          .where(and(eq(userSessions.id, familyId), isNull(userSessions.revokedAt)));
      });
    },

    /** Ends every session of a user except, optionally, one family (the caller's own); returns the ended ids. */
    async revokeUserSessions(userId: string, now: Date, exceptFamilyId?: string): Promise<string[]> {
      return db.transaction(async (tx) => {
        // Sessions first: the refresh-token trigger (migration 0033) would otherwise end them before we see which.
        const ended = await tx
          .update(userSessions)
          .set({ revokedAt: now })
          .where(
            and(
              eq(userSessions.userId, userId),
              isNull(userSessions.revokedAt),
              exceptFamilyId ? ne(userSessions.id, exceptFamilyId) : undefined,
            ),
          )
          .returning({ id: userSessions.id });
        await tx
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(
            and(
              eq(refreshTokens.userId, userId),
              isNull(refreshTokens.revokedAt),
              exceptFamilyId ? ne(refreshTokens.familyId, exceptFamilyId) : undefined,
            ),
          );
        return ended.map((row) => row.id);
      });
    },

    // --- sessions (issue 15) ----------------------------------------------------------------------------

    /** A sign-in opened a session (refresh family); a refresh of it counts as seen. */
    async openSession(values: {
      id: string;
      userId: string;
      userAgent: string | null;
      ip: string | null;
      now: Date;
    }): Promise<void> {
      await db
        .insert(userSessions)
        .values({
          id: values.id,
          userId: values.userId,
          userAgent: values.userAgent,
          ip: values.ip,
          createdAt: values.now,
          lastSeenAt: values.now,
        })
        .onConflictDoUpdate({
          target: userSessions.id,
          set: {
            lastSeenAt: values.now,
            ...(values.ip ? { ip: values.ip } : {}),
            ...(values.userAgent ? { userAgent: values.userAgent } : {}),
          },
        });
    },

    /**
     * The revocation check's database question, asked at most once per cache window per session and instance:
     * true when the session is open (and then it is marked seen now, from this IP), false when it ended or is
     * unknown. One indexed UPDATE by primary key.
     */
    async touchOpenSession(
      id: string,
      now: Date,
      ip: string | null,
      userAgent: string | null = null,
    ): Promise<boolean> {
      const rows = await db
        .update(userSessions)
        .set({
          lastSeenAt: now,
          ...(ip ? { ip } : {}),
          // A sign-in path that passed no client (e.g. a passkey sign-in) gets its user agent from its first request.
          ...(userAgent ? { userAgent: sql`coalesce(${userSessions.userAgent}, ${userAgent})` } : {}),
        })
        .where(and(eq(userSessions.id, id), isNull(userSessions.revokedAt)))
        .returning({ id: userSessions.id });
      return rows.length === 1;
    },

    /** The user's open sessions: not ended, with a refresh token that can still be used. */
    async openSessions(userId: string, now: Date): Promise<UserSessionRow[]> {
      const live = db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(
          and(
            eq(refreshTokens.userId, userId),
            isNull(refreshTokens.revokedAt),
            isNull(refreshTokens.rotatedAt),
            gt(refreshTokens.expiresAt, now),
          ),
        );
      return db
        .select()
        .from(userSessions)
        .where(
          and(
            eq(userSessions.userId, userId),
            isNull(userSessions.revokedAt),
            inArray(userSessions.id, live),
          ),
        )
        .orderBy(desc(userSessions.lastSeenAt));
    },

    /**
     * The user's own identity entries of the audit log (password, sign-in factors, ended sessions), newest first:
     * written with the person as actor and no merchant (audit_log_actor_at_idx).
     */
    async securityActivity(userId: string, limit: number) {
      return db
        .select({
          id: auditLog.id,
          action: auditLog.action,
          at: auditLog.at,
          ip: auditLog.ip,
          userAgent: auditLog.userAgent,
        })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.actorUserId, userId),
            isNull(auditLog.merchantId),
            like(auditLog.action, 'identity.%'),
          ),
        )
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit);
    },

    /** Ends one of the user's own open sessions; false when it is not theirs or not open. */
    async endOwnSession(userId: string, id: string, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const ended = await tx
          .update(userSessions)
          .set({ revokedAt: now })
          .where(
            and(eq(userSessions.id, id), eq(userSessions.userId, userId), isNull(userSessions.revokedAt)),
          )
          .returning({ id: userSessions.id });
        if (ended.length === 0) return false;
        await tx
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(and(eq(refreshTokens.familyId, id), isNull(refreshTokens.revokedAt)));
        return true;
      });
    },

    // --- second factors (issue 15) ----------------------------------------------------------------------

    /** The session proved a second factor: its next refresh issues tokens with `amr` mfa. */
    async markFamilySecondFactor(familyId: string): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ secondFactor: true })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },

    async totpFactor(userId: string): Promise<TotpFactorRow | undefined> {
      const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId)).limit(1);
      return row;
    },

    /** Starts (or restarts) a set-up; a confirmed factor is never replaced here. */
    async startTotpSetup(userId: string, secretEncrypted: string, now: Date): Promise<boolean> {
      const rows = await db
        .insert(totpFactors)
        .values({ userId, secretEncrypted, createdAt: now })
        .onConflictDoUpdate({
          target: totpFactors.userId,
          set: { secretEncrypted, createdAt: now, lastUsedStep: null },
          setWhere: isNull(totpFactors.confirmedAt),
        })
        .returning({ userId: totpFactors.userId });
      return rows.length === 1;
    },

    /**
     * Accepts a TOTP step once: the update succeeds only if the step is later than the last one used, so two
     * concurrent requests with the same code cannot both pass (replay refused).
     */
    async useTotpStep(userId: string, step: number, confirmAt?: Date): Promise<boolean> {
      const rows = await db
        .update(totpFactors)
        .set({ lastUsedStep: step, ...(confirmAt ? { confirmedAt: confirmAt } : {}) })
        .where(
          and(
            eq(totpFactors.userId, userId),
            confirmAt ? isNull(totpFactors.confirmedAt) : sql`${totpFactors.confirmedAt} is not null`,
            sql`(${totpFactors.lastUsedStep} is null or ${totpFactors.lastUsedStep} < ${step})`,
          ),
        )
        .returning({ userId: totpFactors.userId });
      return rows.length === 1;
    },

    async confirmTotpFactor(userId: string, now: Date): Promise<void> {
      await db
        .update(totpFactors)
        .set({ confirmedAt: now })
        .where(and(eq(totpFactors.userId, userId), isNull(totpFactors.confirmedAt)));
    },

    async deleteTotpFactor(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(totpFactors).where(eq(totpFactors.userId, userId));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      });
    },

    async replaceRecoveryCodes(userId: string, codeHashes: string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
      });
    },

    async unusedRecoveryCodes(userId: string) {
      return db
        .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    },

    /** Marks a recovery code used; only one concurrent caller wins it. */
    async useRecoveryCode(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(recoveryCodes)
        .set({ usedAt: now })
        .where(and(eq(recoveryCodes.id, id), isNull(recoveryCodes.usedAt)))
        .returning({ id: recoveryCodes.id });
      return rows.length === 1;
    },

    // --- sign-in attempts (lock-out) ------------------------------------------------------------------

    async signInAttempt(accountKey: string): Promise<SignInAttemptRow | undefined> {
      const [row] = await db
        .select()
        .from(signInAttempts)
        .where(eq(signInAttempts.accountKey, accountKey))
        .limit(1);
      return row;
    },

    /**
     * Admits one sign-in attempt and counts it as a failure in the same statement, or refuses it (issue 8 §4:
     * the check and the count used to be two steps, so 11 parallel guesses were all checked). An attempt is
     * admitted when the account key is not locked and, past `slowDownAfter` failures, the back-off of
     * 2^(failures − slowDownAfter) s since the last counted attempt has passed. The row lock taken by the
     * upsert serialises concurrent attempts on one key; a correct password then clears the count.
     * Returns the new failure count, or undefined when refused.
     */
    async admitSignInAttempt(
      accountKey: string,
      now: Date,
      slowDownAfter: number,
    ): Promise<number | undefined> {
      const [row] = await db
        .insert(signInAttempts)
        .values({ accountKey, failures: 1, lastFailureAt: now })
        .onConflictDoUpdate({
          target: signInAttempts.accountKey,
          set: { failures: sql`${signInAttempts.failures} + 1`, lastFailureAt: now },
          setWhere: sql`(${signInAttempts.lockedUntil} is null or ${signInAttempts.lockedUntil} <= ${now})
            and (${signInAttempts.failures} < ${slowDownAfter} or ${signInAttempts.lastFailureAt} is null
              or ${signInAttempts.lastFailureAt}
                + power(2, ${signInAttempts.failures} - ${slowDownAfter}) * interval '1 second' <= ${now})`,
        })
        .returning({ failures: signInAttempts.failures });
      return row?.failures;
    },

    async lockAccount(accountKey: string, until: Date): Promise<void> {
      await db
        .update(signInAttempts)
        .set({ lockedUntil: until, failures: 0 })
        .where(eq(signInAttempts.accountKey, accountKey));
    },

    async clearSignInFailures(accountKey: string): Promise<void> {
      await db.delete(signInAttempts).where(eq(signInAttempts.accountKey, accountKey));
    },

    // --- signing keys ---------------------------------------------------------------------------------

    async activeSigningKeys() {
      return db
        .select()
        .from(signingKeys)
        .where(isNull(signingKeys.retiredAt))
        .orderBy(desc(signingKeys.createdAt), signingKeys.kid);
    },

    async insertSigningKey(values: typeof signingKeys.$inferInsert): Promise<void> {
      await db.insert(signingKeys).values(values).onConflictDoNothing();
    },

    // --- social sign-in -------------------------------------------------------------------------------

    async findLinkedUser(issuer: string, subject: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select({ user: users })
        .from(userIdentities)
        .innerJoin(users, eq(users.id, userIdentities.userId))
        .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)))
        .limit(1);
      return row?.user;
    },

    async linkIdentity(userId: string, issuer: string, subject: string): Promise<void> {
      await db.insert(userIdentities).values({ userId, issuer, subject }).onConflictDoNothing();
    },

    async insertOidcAuthorization(values: typeof oidcAuthorizations.$inferInsert): Promise<void> {
      await db.insert(oidcAuthorizations).values(values);
    },

    /** Single use: returns and deletes the pending authorization when it has not expired. */
    async takeOidcAuthorization(stateHash: string, now: Date) {
      const [row] = await db
        .delete(oidcAuthorizations)
        .where(eq(oidcAuthorizations.stateHash, stateHash))
        .returning();
      await db.delete(oidcAuthorizations).where(sql`${oidcAuthorizations.expiresAt} < ${now}`);
      return row && row.expiresAt > now ? row : undefined;
    },
  };
}
export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
