/** The mail port (DESIGN §1 "mail"): the outbox adapter by default, SMTP when configured. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** What the message is for (confirm_sign_up, reset_password, temporary_password, …); never secret. */
  kind: string;
  locale: string;
}

export interface Mailer {
  readonly name: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
}
