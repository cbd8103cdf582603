import { DEFAULT_LOCALE, isLocale, type Locale } from '@mp/domain/locales';
import type { MailMessage } from '../../adapters/mail/mail-port.ts';

/** Who wrote a support message and what it is about, as support reads it. */
export interface SupportSender {
  userId: string;
  customUserId: string;
  email: string;
  name: string;
  locale: string;
  merchant: { id: string; name: string } | null;
  site: { id: string; name: string } | null;
}

/**
 * The message to the support mailbox (English: support's working language), reply-to the user. Marked as user
 * content, so no adapter prints or logs its text.
 */
export function supportMessageEmail(
  to: string,
  sender: SupportSender,
  reference: string,
  input: { subject: string; message: string },
): MailMessage {
  const text = [
    `Support message ${reference}`,
    '',
    `From: ${sender.name || '(no name)'} <${sender.email}>`,
    `User id: ${sender.userId}${sender.customUserId !== sender.userId ? ` (custom id ${sender.customUserId})` : ''}`,
    `Language: ${sender.locale}`,
    `Company: ${sender.merchant ? `${sender.merchant.name} (${sender.merchant.id})` : '(not named)'}`,
    ...(sender.site ? [`Site: ${sender.site.name} (${sender.site.id})`] : []),
    '',
    input.message,
  ].join('\n');
  return {
    to,
    subject: `[Support ${reference}] ${input.subject}`,
    text,
    kind: 'support_message',
    locale: 'en-GB',
    replyTo: sender.email,
    userContent: true,
  };
}

interface ConfirmationTexts {
  subject: string;
  body: (name: string, reference: string, subject: string) => string;
}

const CONFIRMATION: Record<Locale, ConfirmationTexts> = {
  'en-GB': {
    subject: 'We have received your message',
    body: (name, reference, subject) =>
      `Hello ${name},\n\nThank you for contacting us. We have received your message "${subject}" ` +
      `(reference ${reference}) and will reply to this e-mail address as soon as we can.\n\nThe merchant portal team`,
  },
  'es-ES': {
    subject: 'Hemos recibido tu mensaje',
    body: (name, reference, subject) =>
      `Hola, ${name}:\n\nGracias por escribirnos. Hemos recibido tu mensaje «${subject}» ` +
      `(referencia ${reference}) y te responderemos a esta dirección de correo lo antes posible.\n\n` +
      'El equipo del portal de comercios',
  },
  'fr-FR': {
    subject: 'Nous avons bien reçu votre message',
    body: (name, reference, subject) =>
      `Bonjour ${name},\n\nMerci de nous avoir contactés. Nous avons bien reçu votre message « ${subject} » ` +
      `(référence ${reference}) et nous vous répondrons à cette adresse e-mail dès que possible.\n\n` +
      "L'équipe du portail marchand",
  },
  'it-IT': {
    subject: 'Abbiamo ricevuto il tuo messaggio',
    body: (name, reference, subject) =>
      `Ciao ${name},\n\ngrazie per averci scritto. Abbiamo ricevuto il tuo messaggio "${subject}" ` +
      `(riferimento ${reference}) e ti risponderemo a questo indirizzo e-mail il prima possibile.\n\n` +
      'Il team del portale esercenti',
  },
};

/** The user's confirmation, in their saved language; it repeats the subject, never the message. */
export function supportConfirmationEmail(
  sender: SupportSender,
  reference: string,
  subject: string,
): MailMessage {
  const locale: Locale = isLocale(sender.locale) ? sender.locale : DEFAULT_LOCALE;
  const texts = CONFIRMATION[locale];
  return {
    to: sender.email,
    subject: texts.subject,
    text: texts.body(sender.name || sender.email, reference, subject),
    kind: 'support_confirmation',
    locale,
    userContent: true,
  };
}
