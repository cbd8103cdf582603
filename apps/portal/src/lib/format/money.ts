import { defaultCurrencyFor, type Locale } from '@mp/domain/locales';

export interface Money {
  /** Integer minor units (pence, cents). */
  amount: number;
  /** ISO 4217; when absent, GBP for en-GB and EUR otherwise (DESIGN §4). */
  currency?: string | null;
}

// One formatter per language and currency, with its number of decimals: making one (and `resolvedOptions()`) costs
// far more than formatting, and a list page formats two amounts per row (issue 16 §2).
const formatters = new Map<string, { format: Intl.NumberFormat; digits: number }>();

function formatterFor(locale: Locale, currency: string): { format: Intl.NumberFormat; digits: number } {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatter = { format, digits: format.resolvedOptions().maximumFractionDigits ?? 2 };
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The one money formatter: minor units → localised text in the amount's own currency. */
export function formatMoney(money: Money, locale: Locale): string {
  const currency = money.currency || defaultCurrencyFor(locale);
  const { format, digits } = formatterFor(locale, currency);
  return format.format(money.amount / 10 ** digits);
}
