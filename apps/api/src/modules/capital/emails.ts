import { DEFAULT_LOCALE, isLocale, type Locale } from '@mp/domain/locales';
import type { MailMessage } from '../../adapters/mail/mail-port.ts';

/** What the owners are told of a staff decision on their capital request (decision 0086). */
export interface CapitalDecisionNotice {
  companyName: string;
  status: 'approved' | 'declined';
  amount: number;
  fee: number;
  currency: string;
  declineReason: string | null;
  portalUrl: string;
}

interface Texts {
  approvedSubject: string;
  approvedBody: (v: { company: string; amount: string; fee: string }) => string;
  declinedSubject: string;
  declinedBody: (v: { company: string; amount: string; reason: string }) => string;
  seeIt: (url: string) => string;
  signature: string;
}

const TEXTS: Record<Locale, Texts> = {
  'en-GB': {
    approvedSubject: 'Your capital request was approved',
    approvedBody: (v) =>
      `Good news: the capital request of ${v.company} for ${v.amount} (fixed fee ${v.fee}) was approved. We will contact you before any money is sent.`,
    declinedSubject: 'Your capital request was declined',
    declinedBody: (v) =>
      `The capital request of ${v.company} for ${v.amount} was declined.\n\nReason: ${v.reason}\n\nYou can request a new offer in the companion app once one is available.`,
    seeIt: (url) => `You can see it in the companion app, or at ${url}.`,
    signature: 'The merchant portal team',
  },
  'es-ES': {
    approvedSubject: 'Tu solicitud de capital ha sido aprobada',
    approvedBody: (v) =>
      `Buenas noticias: la solicitud de capital de ${v.company} por ${v.amount} (comisión fija ${v.fee}) ha sido aprobada. Te contactaremos antes de enviar el dinero.`,
    declinedSubject: 'Tu solicitud de capital ha sido rechazada',
    declinedBody: (v) =>
      `La solicitud de capital de ${v.company} por ${v.amount} ha sido rechazada.\n\nMotivo: ${v.reason}\n\nPodrás solicitar una nueva oferta en la aplicación cuando haya una disponible.`,
    seeIt: (url) => `Puedes verla en la aplicación o en ${url}.`,
    signature: 'El equipo del portal de comercios',
  },
  'fr-FR': {
    approvedSubject: 'Votre demande de financement a été acceptée',
    approvedBody: (v) =>
      `Bonne nouvelle : la demande de financement de ${v.company} de ${v.amount} (frais fixes ${v.fee}) a été acceptée. Nous vous contacterons avant tout versement.`,
    declinedSubject: 'Votre demande de financement a été refusée',
    declinedBody: (v) =>
      `La demande de financement de ${v.company} de ${v.amount} a été refusée.\n\nMotif : ${v.reason}\n\nVous pourrez demander une nouvelle offre dans l'application dès qu'elle sera disponible.`,
    seeIt: (url) => `Vous pouvez la consulter dans l'application ou sur ${url}.`,
    signature: "L'équipe du portail marchand",
  },
  'it-IT': {
    approvedSubject: 'La tua richiesta di capitale è stata approvata',
    approvedBody: (v) =>
      `Buone notizie: la richiesta di capitale di ${v.company} per ${v.amount} (commissione fissa ${v.fee}) è stata approvata. Ti contatteremo prima di inviare il denaro.`,
    declinedSubject: 'La tua richiesta di capitale è stata rifiutata',
    declinedBody: (v) =>
      `La richiesta di capitale di ${v.company} per ${v.amount} è stata rifiutata.\n\nMotivo: ${v.reason}\n\nPotrai richiedere una nuova offerta nell'app quando sarà disponibile.`,
    seeIt: (url) => `Puoi vederla nell'app o su ${url}.`,
    signature: 'Il team del portale esercenti',
  },
};

/** The e-mail to one owner, in their saved language (SPEC §9 locales). */
export function capitalDecisionEmail(
  to: string,
  userLocale: string | null | undefined,
  notice: CapitalDecisionNotice,
): MailMessage {
  const locale: Locale = userLocale && isLocale(userLocale) ? userLocale : DEFAULT_LOCALE;
  const texts = TEXTS[locale];
  const money = (amount: number) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: notice.currency }).format(amount / 100);
  const link = new URL('/native-app/capital', notice.portalUrl).toString();
  const body =
    notice.status === 'approved'
      ? texts.approvedBody({
          company: notice.companyName,
          amount: money(notice.amount),
          fee: money(notice.fee),
        })
      : texts.declinedBody({
          company: notice.companyName,
          amount: money(notice.amount),
          reason: notice.declineReason ?? '',
        });
  return {
    to,
    subject: notice.status === 'approved' ? texts.approvedSubject : texts.declinedSubject,
    text: `${body}\n\n${texts.seeIt(link)}\n\n${texts.signature}`,
    kind: `capital_${notice.status}`,
    locale,
  };
}
