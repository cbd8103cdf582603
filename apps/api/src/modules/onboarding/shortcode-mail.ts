import type { Locale } from '@mp/domain/locales';
import type { MailMessage } from '../../adapters/mail/mail-port.ts';

const TEXTS: Record<Locale, { subject: string; body: (code: string, url: string) => string }> = {
  'en-GB': {
    subject: 'Your onboarding shortcode',
    body: (code, url) =>
      `Your onboarding shortcode is ${code}.\n\nTo continue your application on any device, sign in at ${url}/onboarding and enter this shortcode.`,
  },
  'es-ES': {
    subject: 'Tu código de alta',
    body: (code, url) =>
      `Tu código de alta es ${code}.\n\nPara continuar tu solicitud en cualquier dispositivo, inicia sesión en ${url}/onboarding e introduce este código.`,
  },
  'fr-FR': {
    subject: 'Votre code d’inscription',
    body: (code, url) =>
      `Votre code d’inscription est ${code}.\n\nPour reprendre votre demande sur n’importe quel appareil, connectez-vous sur ${url}/onboarding et saisissez ce code.`,
  },
  'it-IT': {
    subject: 'Il tuo codice di registrazione',
    body: (code, url) =>
      `Il tuo codice di registrazione è ${code}.\n\nPer continuare la richiesta da qualsiasi dispositivo, accedi a ${url}/onboarding e inserisci questo codice.`,
  },
};

/** The e-mail that carries the 6-digit onboarding shortcode (SPEC §5, §9). */
export function shortcodeMail(input: {
  to: string;
  shortcode: string;
  locale: Locale;
  portalUrl: string;
}): MailMessage {
  const text = TEXTS[input.locale];
  return {
    to: input.to,
    subject: text.subject,
    text: text.body(input.shortcode, input.portalUrl.replace(/\/$/, '')),
    kind: 'onboarding_shortcode',
    locale: input.locale,
  };
}
