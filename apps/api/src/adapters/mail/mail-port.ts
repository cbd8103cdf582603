/** The mail port (DESIGN §1 "mail"): the outbox adapter by default, SMTP when configured. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** What the message is for (confirm_sign_up, reset_password, temporary_password, …); never secret. */
  kind: string;
  locale: string;
  /** Where replies go (a support message: the merchant user who wrote it). */
  replyTo?: string | undefined;
  /**
   * The text was written by a user (a support message): it is delivered, never printed or logged, even where
   * the development outbox prints whole messages.
   */
  userContent?: boolean | undefined;
}

export interface Mailer {
  readonly name: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
}
