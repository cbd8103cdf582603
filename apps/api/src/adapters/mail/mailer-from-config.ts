import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from './mail-port.ts';
import { createOutboxMailer } from './outbox-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

/** SMTP when SMTP_URL is set, else the outbox (printed in development): the API's and the worker's mailer. */
export function mailerFromConfig(options: {
  db: Db;
  smtpUrl?: string | undefined;
  mailFrom?: string | undefined;
  production: boolean;
  print?: (line: string) => void;
}): Mailer {
  return options.smtpUrl
    ? createSmtpMailer({ url: options.smtpUrl, from: options.mailFrom ?? 'no-reply@localhost' })
    : createOutboxMailer({ db: options.db, printBodies: !options.production, print: options.print });
}

/** The job queue's mailer (billing e-mails) from the API's configuration: `npm start` and `npm run worker`. */
export function jobsMailer(config: Config, db: Db, print: (line: string) => void): Mailer {
  return mailerFromConfig({
    db,
    smtpUrl: config.identity.smtpUrl,
    mailFrom: config.identity.mailFrom,
    production: config.nodeEnv === 'production',
    print,
  });
}
