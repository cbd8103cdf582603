import { defaultCurrencyFor, type Locale } from '@mp/domain/locales';

export interface Money {
  /** Integer minor units (pence, cents). */
  amount: number;
  /** ISO 4217; when absent, GBP for en-GB and EUR otherwise (DESIGN §4). */
  currency?: string | null;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(locale: Locale, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The one money formatter: minor units → localised text in the amount's own currency. */
export function formatMoney(money: Money, locale: Locale): string {
  const currency = money.currency || defaultCurrencyFor(locale);
  const formatter = formatterFor(locale, currency);
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  return formatter.format(money.amount / 10 ** digits);
}
