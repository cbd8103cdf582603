import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailInactiveRecipients } from '../../db/schema/identity.ts';

/**
 * The receiving mail server refused the recipient for good (an SMTP 5xx answer to the envelope, i.e. a hard
 * bounce). `response` is the server's answer, which names no secret.
 */
export class MailRecipientRejectedError extends Error {
  readonly response: string;
  constructor(response: string) {
    super(`mail recipient rejected: ${response}`);
    this.response = response;
    this.name = 'MailRecipientRejectedError';
  }
}

const key = (email: string) => email.trim().toLowerCase();

/**
 * Addresses mail bounced from (issue 11 §3): recorded when a send is refused for good, checked before a receipt
 * is sent so an address that bounced before gets SPEC §8's "inactive email recipient" message instead of another
 * send. The owner connection's table (mail is no tenant's data).
 */
export function createInactiveRecipients(db: Db) {
  return {
    async isInactive(email: string): Promise<boolean> {
      const [row] = await db
        .select({ email: mailInactiveRecipients.email })
        .from(mailInactiveRecipients)
        .where(eq(mailInactiveRecipients.email, key(email)));
      return Boolean(row);
    },

    async record(email: string, reason: string, at: Date): Promise<void> {
      await db
        .insert(mailInactiveRecipients)
        .values({ email: key(email), reason: reason.slice(0, 500), bouncedAt: at })
        .onConflictDoUpdate({
          target: mailInactiveRecipients.email,
          set: { reason: sql`excluded.reason`, bouncedAt: sql`excluded.bounced_at` },
        });
    },
  };
}

export type InactiveRecipients = ReturnType<typeof createInactiveRecipients>;
