import type { Locale } from '@mp/domain/locales';
import type { MailMessage } from '../../adapters/mail/mail-port.ts';

interface Facts {
  number: string;
  reason: string;
  /** The next try, already formatted for the locale; null when no more tries are made. */
  retryOn: string | null;
  url: string;
}

type Texts = { subject: (number: string) => string; body: (facts: Facts) => string };

/** A Direct Debit the bank returned (decision 0078). */
const DEBIT_TEXTS: Record<Locale, Texts> = {
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

/** A card declined when the invoice was collected: the reason, the next try, and where to change the card. */
const CARD_TEXTS: Record<Locale, Texts> = {
  'en-GB': {
    subject: (number) => `Card payment of invoice ${number} declined`,
    body: ({ number, reason, retryOn, url }) =>
      `Your card was declined when we collected invoice ${number}: ${reason}.\n\n${
        retryOn
          ? `We will try the card again by ${retryOn}.`
          : 'We will not try the card again automatically: please contact us to settle the invoice.'
      } To pay it, update your payment method: add a card or account at ${url}/billing/payment-methods/new and make it your default at ${url}/billing/payment-methods. The invoice is at ${url}/billing/invoices.`,
  },
  'es-ES': {
    subject: (number) => `Pago con tarjeta de la factura ${number} rechazado`,
    body: ({ number, reason, retryOn, url }) =>
      `Tu tarjeta ha sido rechazada al cobrar la factura ${number}: ${reason}.\n\n${
        retryOn
          ? `Volveremos a intentarlo con la tarjeta antes del ${retryOn}.`
          : 'No volveremos a intentarlo automáticamente con la tarjeta: contáctanos para saldar la factura.'
      } Para pagarla, actualiza tu método de pago: añade una tarjeta o cuenta en ${url}/billing/payment-methods/new y márcala como predeterminada en ${url}/billing/payment-methods. La factura está en ${url}/billing/invoices.`,
  },
  'fr-FR': {
    subject: (number) => `Paiement par carte de la facture ${number} refusé`,
    body: ({ number, reason, retryOn, url }) =>
      `Votre carte a été refusée lors du recouvrement de la facture ${number} : ${reason}.\n\n${
        retryOn
          ? `Nous réessaierons la carte d'ici le ${retryOn}.`
          : 'Nous ne réessaierons pas la carte automatiquement : contactez-nous pour régler la facture.'
      } Pour la régler, mettez à jour votre moyen de paiement : ajoutez une carte ou un compte sur ${url}/billing/payment-methods/new et définissez-le par défaut sur ${url}/billing/payment-methods. La facture est sur ${url}/billing/invoices.`,
  },
  'it-IT': {
    subject: (number) => `Pagamento con carta della fattura ${number} rifiutato`,
    body: ({ number, reason, retryOn, url }) =>
      `La tua carta è stata rifiutata all'incasso della fattura ${number}: ${reason}.\n\n${
        retryOn
          ? `Riproveremo con la carta entro il ${retryOn}.`
          : 'Non riproveremo automaticamente con la carta: contattaci per saldare la fattura.'
      } Per pagarla, aggiorna il metodo di pagamento: aggiungi una carta o un conto su ${url}/billing/payment-methods/new e impostalo come predefinito su ${url}/billing/payment-methods. La fattura è su ${url}/billing/invoices.`,
  },
};

/**
 * The e-mail telling the billing contact that collecting an invoice failed: a Direct Debit the bank returned
 * (`debit`: when it is tried again, by date), or a card declined (`card`: the next try by date and time, the
 * queue's retries being hours apart, and the link to update the payment method).
 */
export function paymentFailedMail(input: {
  to: string;
  locale: Locale;
  number: string;
  reason: string;
  retryAt: Date | null;
  timeZone: string;
  portalUrl: string;
  method?: 'debit' | 'card';
}): MailMessage {
  const card = input.method === 'card';
  const text = (card ? CARD_TEXTS : DEBIT_TEXTS)[input.locale];
  const retryOn = input.retryAt
    ? new Intl.DateTimeFormat(input.locale, {
        dateStyle: 'long',
        ...(card ? { timeStyle: 'short' as const } : {}),
        timeZone: input.timeZone,
      }).format(input.retryAt)
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
    kind: card ? 'invoice_card_declined' : 'invoice_payment_failed',
    locale: input.locale,
  };
}
