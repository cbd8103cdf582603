import { DEFAULT_LOCALE, isLocale, type Locale } from '@mp/domain/locales';
import { formatMoney } from '@mp/domain/money';
import type { MailMessage } from '../../adapters/mail/mail-port.ts';

/** What a receipt shows (issue 11 §3). Card data: the scheme and the last four digits, nothing more. */
export interface Receipt {
  merchantName: string;
  /** The site's display name (else its name): the name the customer knows. */
  siteName: string;
  siteAddress: string;
  timeZone: string;
  createdAt: Date;
  amount: number;
  tipAmount: number;
  currency: string;
  cardScheme: string | null;
  cardLastFour: string | null;
  pspReference: string;
  /** Refunds pending or paid back (failed ones never happened for the customer). */
  refunds: { amount: number; status: 'pending' | 'succeeded'; createdAt: Date }[];
}

interface Texts {
  /** Between a label and its value (French typography puts a space before the colon). */
  colon: string;
  subject: (name: string) => string;
  intro: (name: string) => string;
  date: string;
  amount: string;
  tip: string;
  total: string;
  card: string;
  pspReference: string;
  refunds: string;
  refundPending: string;
  refundDone: string;
  thanks: string;
}

const TEXTS: Record<Locale, Texts> = {
  'en-GB': {
    colon: ': ',
    subject: (name) => `Your receipt from ${name}`,
    intro: (name) => `Thank you for your payment to ${name}.`,
    date: 'Date',
    amount: 'Amount',
    tip: 'Tip',
    total: 'Total',
    card: 'Card',
    pspReference: 'Payment reference',
    refunds: 'Refunds',
    refundPending: 'in progress',
    refundDone: 'refunded',
    thanks: 'Keep this email as your receipt.',
  },
  'es-ES': {
    colon: ': ',
    subject: (name) => `Tu recibo de ${name}`,
    intro: (name) => `Gracias por tu pago a ${name}.`,
    date: 'Fecha',
    amount: 'Importe',
    tip: 'Propina',
    total: 'Total',
    card: 'Tarjeta',
    pspReference: 'Referencia del pago',
    refunds: 'Reembolsos',
    refundPending: 'en curso',
    refundDone: 'reembolsado',
    thanks: 'Conserva este correo como recibo.',
  },
  'fr-FR': {
    colon: ' : ',
    subject: (name) => `Votre reçu de ${name}`,
    intro: (name) => `Merci pour votre paiement à ${name}.`,
    date: 'Date',
    amount: 'Montant',
    tip: 'Pourboire',
    total: 'Total',
    card: 'Carte',
    pspReference: 'Référence du paiement',
    refunds: 'Remboursements',
    refundPending: 'en cours',
    refundDone: 'remboursé',
    thanks: 'Conservez cet e-mail comme reçu.',
  },
  'it-IT': {
    colon: ': ',
    subject: (name) => `La tua ricevuta di ${name}`,
    intro: (name) => `Grazie per il tuo pagamento a ${name}.`,
    date: 'Data',
    amount: 'Importo',
    tip: 'Mancia',
    total: 'Totale',
    card: 'Carta',
    pspReference: 'Riferimento del pagamento',
    refunds: 'Rimborsi',
    refundPending: 'in corso',
    refundDone: 'rimborsato',
    thanks: 'Conserva questa e-mail come ricevuta.',
  },
};

const SCHEME_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  maestro: 'Maestro',
  unionpay: 'UnionPay',
  jcb: 'JCB',
  diners: 'Diners Club',
  discover: 'Discover',
};

/** Date and time in the merchant's zone, the zone named (DESIGN §2: times are shown with their zone). */
function dateTime(at: Date, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone,
  })
    .format(at)
    .concat(` (${timeZone})`);
}

/** The receipt e-mail of one payment, in `locale` (the asking user's language unless the dialog chose another). */
export function receiptEmail(
  to: string,
  requestedLocale: string | null | undefined,
  r: Receipt,
): MailMessage {
  const locale: Locale = requestedLocale && isLocale(requestedLocale) ? requestedLocale : DEFAULT_LOCALE;
  const texts = TEXTS[locale];
  const money = (amount: number) => formatMoney({ amount, currency: r.currency }, locale);
  const card = r.cardLastFour
    ? `${r.cardScheme ? (SCHEME_NAMES[r.cardScheme] ?? r.cardScheme) : ''} •••• ${r.cardLastFour}`.trim()
    : undefined;
  const lines = [
    texts.intro(r.siteName),
    '',
    r.siteName === r.merchantName ? r.merchantName : `${r.siteName} — ${r.merchantName}`,
    r.siteAddress,
    '',
    `${texts.date}${texts.colon}${dateTime(r.createdAt, locale, r.timeZone)}`,
    `${texts.amount}${texts.colon}${money(r.amount)}`,
    ...(r.tipAmount > 0 ? [`${texts.tip}${texts.colon}${money(r.tipAmount)}`] : []),
    `${texts.total}${texts.colon}${money(r.amount + r.tipAmount)}`,
    ...(card ? [`${texts.card}${texts.colon}${card}`] : []),
    `${texts.pspReference}${texts.colon}${r.pspReference}`,
  ];
  if (r.refunds.length > 0) {
    lines.push('', `${texts.refunds}${texts.colon.trimEnd()}`);
    for (const refund of r.refunds)
      lines.push(
        `- ${dateTime(refund.createdAt, locale, r.timeZone)}: ${money(refund.amount)} ` +
          `(${refund.status === 'succeeded' ? texts.refundDone : texts.refundPending})`,
      );
  }
  lines.push('', texts.thanks);
  return {
    to,
    subject: texts.subject(r.siteName),
    text: lines.join('\n'),
    kind: 'transaction_receipt',
    locale,
  };
}
