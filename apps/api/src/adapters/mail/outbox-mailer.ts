import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/identity.ts';
import type { Mailer, MailMessage } from './mail-port.ts';

export interface OutboxMailerOptions {
  db: Db;
  /**
   * Where to print each message. In development the whole text is printed: the one secret in it (a code or a
   * temporary password) is meant for the reader, who is the developer. In production only the envelope.
   */
  print?: ((line: string) => void) | undefined;
  printBodies: boolean;
}

/** Stores every message in `mail_outbox` (readable at the dev-only GET /api/dev/outbox) and prints it. */
export function createOutboxMailer(options: OutboxMailerOptions): Mailer {
  return {
    name: 'outbox',
    async send(message: MailMessage) {
      await options.db.insert(mailOutbox).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        kind: message.kind,
        locale: message.locale,
        replyTo: message.replyTo ?? null,
      });
      options.print?.(
        options.printBodies && !message.userContent
          ? `\n--- mail to ${message.to}: ${message.subject}\n${message.text}\n---`
          : `mail (${message.kind}) stored in the outbox for ${message.to}`,
      );
    },
  };
}

export async function readOutbox(db: Db, to: string | undefined, limit = 50) {
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
      kind: mailOutbox.kind,
      locale: mailOutbox.locale,
      replyTo: mailOutbox.replyTo,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(to ? eq(sql`lower(${mailOutbox.to})`, to.trim().toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}
