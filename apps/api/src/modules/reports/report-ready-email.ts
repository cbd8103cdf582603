import { DEFAULT_LOCALE, isLocale, type Locale } from '@mp/domain/locales';
import type { MailMessage } from '../../adapters/mail/mail-port.ts';

/**
 * Issue 12 §3: "an e-mail when they have left". While the reports page is open it asks for the list every 2
 * seconds, and each ask marks the caller's unfinished reports as watched; a report whose requester has not
 * watched it for this long when it turns READY is announced by e-mail instead of (only) the page's toast.
 */
export const REPORT_WATCH_SECONDS = 15;

const TYPES: Record<Locale, Record<string, string>> = {
  'en-GB': { transactions: 'transactions', payouts: 'payouts', payoutDetail: 'payout detail' },
  'es-ES': {
    transactions: 'transacciones',
    payouts: 'liquidaciones',
    payoutDetail: 'detalle de liquidación',
  },
  'fr-FR': { transactions: 'transactions', payouts: 'versements', payoutDetail: 'détail du versement' },
  'it-IT': { transactions: 'transazioni', payouts: 'accrediti', payoutDetail: "dettaglio dell'accredito" },
};

const TEXTS: Record<
  Locale,
  { subject: (type: string) => string; body: (type: string, link: string) => string }
> = {
  'en-GB': {
    subject: (type) => `Your ${type} report is ready`,
    body: (type, link) =>
      `Your ${type} report is ready to download:\n${link}\n\nThe link asks you to sign in if you are not signed in.`,
  },
  'es-ES': {
    subject: (type) => `Tu informe de ${type} está listo`,
    body: (type, link) =>
      `Tu informe de ${type} está listo para descargar:\n${link}\n\nEl enlace te pedirá iniciar sesión si no la has iniciado.`,
  },
  'fr-FR': {
    subject: (type) => `Votre rapport de ${type} est prêt`,
    body: (type, link) =>
      `Votre rapport de ${type} est prêt à être téléchargé :\n${link}\n\nLe lien vous demandera de vous connecter si nécessaire.`,
  },
  'it-IT': {
    subject: (type) => `Il tuo report di ${type} è pronto`,
    body: (type, link) =>
      `Il tuo report di ${type} è pronto per il download:\n${link}\n\nIl link ti chiederà di accedere se non hai effettuato l'accesso.`,
  },
};

/** The e-mail to the requester: the report's type and the portal's /reports/{reportId}/download page. */
export function reportReadyEmail(
  to: string,
  userLocale: string | null | undefined,
  report: { id: string; type: string },
  portalUrl: string,
): MailMessage {
  const locale: Locale = userLocale && isLocale(userLocale) ? userLocale : DEFAULT_LOCALE;
  const type = TYPES[locale][report.type] ?? report.type;
  const link = new URL(`/reports/${encodeURIComponent(report.id)}/download`, portalUrl).toString();
  return {
    to,
    subject: TEXTS[locale].subject(type),
    text: TEXTS[locale].body(type, link),
    kind: 'report_ready',
    locale,
  };
}
