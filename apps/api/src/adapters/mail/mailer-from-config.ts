import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from './mail-port.ts';
import { createOutboxMailer } from './outbox-mailer.ts';

/**
 * SMTP when SMTP_URL is set, else the outbox (printed in development): the API's and the worker's mailer.
 * nodemailer is imported only for SMTP.
 */
export async function mailerFromConfig(options: {
  db: Db;
  smtpUrl?: string | undefined;
  mailFrom?: string | undefined;
  production: boolean;
  print?: (line: string) => void;
}): Promise<Mailer> {
  if (options.smtpUrl) {
    const { createSmtpMailer } = await import('./smtp-mailer.ts');
    return createSmtpMailer({ url: options.smtpUrl, from: options.mailFrom ?? 'no-reply@localhost' });
  }
  return createOutboxMailer({ db: options.db, printBodies: !options.production, print: options.print });
}

/** The job queue's mailer (billing e-mails) from the API's configuration: `npm start` and `npm run worker`. */
export function jobsMailer(config: Config, db: Db, print: (line: string) => void): Promise<Mailer> {
  return mailerFromConfig({
    db,
    smtpUrl: config.identity.smtpUrl,
    mailFrom: config.identity.mailFrom,
    production: config.nodeEnv === 'production',
    print,
  });
}
