import type { Locale } from '@mp/domain/locales';
import type { MailMessage } from '../../adapters/mail/mail-port.ts';

interface Facts {
  number: string;
  reason: string;
  /** The next try, already formatted for the locale; null when no more tries are made. */
  retryOn: string | null;
  url: string;
}

const TEXTS: Record<Locale, { subject: (number: string) => string; body: (facts: Facts) => string }> = {
  'en-GB': {
    subject: (number) => `Payment of invoice ${number} failed`,
    body: ({ number, reason, retryOn, url }) =>
      `The Direct Debit for invoice ${number} failed: ${reason}.\n\n${
        retryOn
          ? `We will try again on ${retryOn}.`
          : 'We will not try again: please pay it or add another payment method.'
      } Check your payment methods at ${url}/billing/payment-methods and the invoice at ${url}/billing/invoices.`,
  },
  'es-ES': {
    subject: (number) => `No se ha podido cobrar la factura ${number}`,
    body: ({ number, reason, retryOn, url }) =>
      `La domiciliación de la factura ${number} ha fallado: ${reason}.\n\n${
        retryOn
          ? `Volveremos a intentarlo el ${retryOn}.`
          : 'No lo volveremos a intentar: págala o añade otro método de pago.'
      } Revisa tus métodos de pago en ${url}/billing/payment-methods y la factura en ${url}/billing/invoices.`,
  },
  'fr-FR': {
    subject: (number) => `Le paiement de la facture ${number} a échoué`,
    body: ({ number, reason, retryOn, url }) =>
      `Le prélèvement de la facture ${number} a échoué : ${reason}.\n\n${
        retryOn
          ? `Nous réessaierons le ${retryOn}.`
          : 'Nous ne réessaierons pas : réglez-la ou ajoutez un autre moyen de paiement.'
      } Vérifiez vos moyens de paiement sur ${url}/billing/payment-methods et la facture sur ${url}/billing/invoices.`,
  },
  'it-IT': {
    subject: (number) => `Pagamento della fattura ${number} non riuscito`,
    body: ({ number, reason, retryOn, url }) =>
      `L'addebito diretto della fattura ${number} non è riuscito: ${reason}.\n\n${
        retryOn
          ? `Riproveremo il ${retryOn}.`
          : 'Non riproveremo: pagala o aggiungi un altro metodo di pagamento.'
      } Controlla i metodi di pagamento su ${url}/billing/payment-methods e la fattura su ${url}/billing/invoices.`,
  },
};

/** The e-mail telling the billing contact that a Direct Debit failed, and when it is tried again. */
export function paymentFailedMail(input: {
  to: string;
  locale: Locale;
  number: string;
  reason: string;
  retryAt: Date | null;
  timeZone: string;
  portalUrl: string;
}): MailMessage {
  const text = TEXTS[input.locale];
  const retryOn = input.retryAt
    ? new Intl.DateTimeFormat(input.locale, { dateStyle: 'long', timeZone: input.timeZone }).format(
        input.retryAt,
      )
    : null;
  return {
    to: input.to,
    subject: text.subject(input.number),
    text: text.body({
      number: input.number,
      reason: input.reason.replace(/\.$/, ''),
      retryOn,
      url: input.portalUrl.replace(/\/$/, ''),
    }),
    kind: 'invoice_payment_failed',
    locale: input.locale,
  };
}
