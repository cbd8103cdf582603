import nodemailer from 'nodemailer';
import { MailRecipientRejectedError } from './inactive-recipients.ts';
import type { Mailer, MailMessage } from './mail-port.ts';

export interface SmtpMailerOptions {
  /** smtp://user:pass@host:587 or smtps://…:465; `?tls.rejectUnauthorized=false` style options are not read. */
  url: string;
  from: string;
  /** Test servers present self-signed certificates. */
  allowSelfSigned?: boolean;
}

/** Sends through an SMTP relay with nodemailer; STARTTLS is used whenever the server offers it. */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer & { close(): void } {
  const url = new URL(options.url);
  const secure = url.protocol === 'smtps:';
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    tls: options.allowSelfSigned ? { rejectUnauthorized: false } : undefined,
  });
  return {
    name: 'smtp',
    async send(message: MailMessage) {
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          headers: { 'Content-Language': message.locale },
        });
      } catch (error) {
        // The server refused the recipient for good (5xx on RCPT TO): a hard bounce the caller may remember.
        const failure = error as { code?: unknown; responseCode?: unknown; response?: unknown };
        if (
          failure.code === 'EENVELOPE' &&
          typeof failure.responseCode === 'number' &&
          failure.responseCode >= 500
        )
          throw new MailRecipientRejectedError(String(failure.response ?? failure.responseCode));
        throw error;
      }
    },
    close: () => transport.close(),
  };
}
