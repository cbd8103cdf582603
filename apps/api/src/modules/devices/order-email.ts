import { DEFAULT_LOCALE, isLocale, type Locale } from '@mp/domain/locales';
import type { DeviceOrderInput } from '@mp/domain/schemas/devices';
import type { MailMessage } from '../../adapters/mail/mail-port.ts';

interface Money {
  amount: number;
  currency: string;
}

/** What the confirmation of a device order says of it (SPEC §9: delivery window, device return rule). */
export interface OrderConfirmation {
  orderId: string;
  lines: { kind: string; model: string; quantity: number }[];
  firstDeliveryDate: string;
  monthlyTotal: Money;
  outrightTotal: Money;
}

interface Texts {
  subject: string;
  thanks: (orderId: string) => string;
  line: (quantity: number, kind: string, model: string) => string;
  prices: (monthly: string, outright: string) => string;
  delivery: (to: string, from: string) => string;
  returns: string;
}

const MODELS: Record<Locale, Record<string, string>> = {
  'en-GB': { 'with-printer': 'with printer', 'without-printer': 'without printer' },
  'es-ES': { 'with-printer': 'con impresora', 'without-printer': 'sin impresora' },
  'fr-FR': { 'with-printer': 'avec imprimante', 'without-printer': 'sans imprimante' },
  'it-IT': { 'with-printer': 'con stampante', 'without-printer': 'senza stampante' },
};

const TEXTS: Record<Locale, Texts> = {
  'en-GB': {
    subject: 'Your device order',
    thanks: (id) => `Thank you for your order (${id}).`,
    line: (n, kind, model) => `- ${n} × ${kind === 'dock' ? 'dock for the terminal' : 'terminal'} ${model}`,
    prices: (m, o) => `Rental: ${m} per month. Outright: ${o}.`,
    delivery: (to, from) => `Delivery to ${to}\nfrom ${from}, 7am to 1pm, Monday to Saturday.`,
    returns: 'Rented devices are returned within 10 business days after closure.',
  },
  'es-ES': {
    subject: 'Tu pedido de terminales',
    thanks: (id) => `Gracias por tu pedido (${id}).`,
    line: (n, kind, model) => `- ${n} × ${kind === 'dock' ? 'base para el terminal' : 'terminal'} ${model}`,
    prices: (m, o) => `Alquiler: ${m} al mes. Pago único: ${o}.`,
    delivery: (to, from) => `Entrega a ${to}\ndesde el ${from}, de 7:00 a 13:00, de lunes a sábado.`,
    returns: 'Los terminales alquilados se devuelven en los 10 días hábiles siguientes al cierre.',
  },
  'fr-FR': {
    subject: 'Votre commande de terminaux',
    thanks: (id) => `Merci pour votre commande (${id}).`,
    line: (n, kind, model) => `- ${n} × ${kind === 'dock' ? 'socle pour le terminal' : 'terminal'} ${model}`,
    prices: (m, o) => `Location : ${m} par mois. Achat : ${o}.`,
    delivery: (to, from) => `Livraison à ${to}\nà partir du ${from}, de 7 h à 13 h, du lundi au samedi.`,
    returns: 'Les terminaux loués sont restitués dans les 10 jours ouvrés suivant la clôture.',
  },
  'it-IT': {
    subject: 'Il tuo ordine di terminali',
    thanks: (id) => `Grazie per il tuo ordine (${id}).`,
    line: (n, kind, model) => `- ${n} × ${kind === 'dock' ? 'base per il terminale' : 'terminale'} ${model}`,
    prices: (m, o) => `Noleggio: ${m} al mese. Acquisto: ${o}.`,
    delivery: (to, from) => `Consegna a ${to}\ndal ${from}, dalle 7 alle 13, dal lunedì al sabato.`,
    returns: 'I terminali noleggiati vanno restituiti entro 10 giorni lavorativi dalla chiusura.',
  },
};

/** The order's confirmation e-mail in the ordering user's language (SPEC §9 locales). */
export function orderConfirmationEmail(
  to: string,
  userLocale: string | null | undefined,
  order: OrderConfirmation,
  input: DeviceOrderInput,
): MailMessage {
  const locale: Locale = userLocale && isLocale(userLocale) ? userLocale : DEFAULT_LOCALE;
  const texts = TEXTS[locale];
  const money = (m: Money) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: m.currency }).format(m.amount / 100);
  // A calendar day (YYYY-MM-DD) as the language writes it: "4 March 2026", "4 mars 2026".
  const firstDay = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${order.firstDeliveryDate}T12:00:00Z`),
  );
  const a = input.deliveryAddress;
  const address = [a.line1, a.line2, a.city, a.postalCode, a.country].filter(Boolean).join(', ');
  const text = [
    texts.thanks(order.orderId),
    '',
    ...order.lines.map((l) => texts.line(l.quantity, l.kind, MODELS[locale][l.model] ?? l.model)),
    '',
    texts.prices(money(order.monthlyTotal), money(order.outrightTotal)),
    texts.delivery(`${input.contactName}, ${address}`, firstDay),
    '',
    texts.returns,
  ].join('\n');
  return { to, subject: texts.subject, text, kind: 'device_order', locale };
}
