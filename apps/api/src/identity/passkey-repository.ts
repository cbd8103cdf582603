import { and, asc, count, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { passkeys, webauthnChallenges } from '../db/schema/passkeys.ts';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengePurpose = 'registration' | 'second_factor' | 'sign_in';

/** The SQL of passkeys (issue 15). Every read or change by id is scoped to the owner. */
export function createPasskeyRepository(db: Db) {
  return {
    async listForUser(userId: string): Promise<PasskeyRow[]> {
      return db
        .select()
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
    },

    async countForUser(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
      return Number(row?.n ?? 0);
    },

    async findByCredentialId(credentialId: string): Promise<PasskeyRow | undefined> {
      const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
      return row;
    },

    /** Undefined when the credential is already registered (to anyone). */
    async insert(values: typeof passkeys.$inferInsert): Promise<PasskeyRow | undefined> {
      const [row] = await db.insert(passkeys).values(values).onConflictDoNothing().returning();
      return row;
    },

    /**
     * Records a use: the counter moves from the value the assertion was checked against to the new one, so
     * of two concurrent uses of one assertion only one wins.
     */
    async recordUse(id: string, fromCounter: number, toCounter: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(passkeys)
        .set({ counter: toCounter, lastUsedAt: now })
        .where(and(eq(passkeys.id, id), eq(passkeys.counter, fromCounter)))
        .returning({ id: passkeys.id });
      return rows.length === 1;
    },

    async deleteForUser(userId: string, id: string): Promise<PasskeyRow | undefined> {
      const [row] = await db
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning();
      return row;
    },

    async findForUser(userId: string, id: string): Promise<PasskeyRow | undefined> {
      const [row] = await db
        .select()
        .from(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .limit(1);
      return row;
    },

    async storeChallenge(values: {
      challenge: string;
      purpose: ChallengePurpose;
      userId: string | null;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, values.createdAt));
      await db.insert(webauthnChallenges).values(values);
    },

    /**
     * Single use: deletes the challenge and returns it when it was live, for this purpose and (when given) this
     * user. A challenge is taken whether the ceremony then succeeds or not.
     */
    async takeChallenge(challenge: string, purpose: ChallengePurpose, now: Date) {
      const [row] = await db
        .delete(webauthnChallenges)
        .where(and(eq(webauthnChallenges.challenge, challenge), eq(webauthnChallenges.purpose, purpose)))
        .returning();
      return row && row.expiresAt > now ? row : undefined;
    },

    /** Drops a user's unused challenges of a purpose (a new ceremony replaces the old). */
    async dropChallenges(userId: string, purpose: ChallengePurpose): Promise<void> {
      await db
        .delete(webauthnChallenges)
        .where(and(eq(webauthnChallenges.userId, userId), eq(webauthnChallenges.purpose, purpose)));
    },
  };
}
export type PasskeyRepository = ReturnType<typeof createPasskeyRepository>;
