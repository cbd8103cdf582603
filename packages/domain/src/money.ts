// Money is an integer count of minor units with its ISO currency, never a float (DESIGN §2, STYLE §5).

export interface Money {
  /** integer minor units (pence, cents) */
  amount: number;
  currency: string;
}

const exponentCache = new Map<string, number>();

/** Minor-unit exponent of an ISO 4217 currency: GBP and EUR 2, JPY 0, KWD 3 (from Intl). */
export function currencyExponent(currency: string): number {
  const code = currency.toUpperCase();
  let exponent = exponentCache.get(code);
  if (exponent === undefined) {
    exponent = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
      .maximumFractionDigits as number;
    exponentCache.set(code, exponent);
  }
  return exponent;
}

/** The exact decimal text of a minor-unit amount: 1234 GBP → "12.34", -5 EUR → "-0.05", 1234 JPY → "1234". */
export function minorUnitsToDecimalString(amount: number, currency: string): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Not an integer amount of minor units: ${amount}`);
  const exponent = currencyExponent(currency);
  const digits = Math.abs(amount)
    .toString()
    .padStart(exponent + 1, '0');
  const sign = amount < 0 ? '-' : '';
  if (exponent === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

type DecimalString = `${number}`;

/** "£1,234.50", "1 234,50 €": the amount in `locale` with its currency, through Intl.NumberFormat. */
export function formatMoney(money: Money, locale: string): string {
  const formatter = new Intl.NumberFormat(locale, { style: 'currency', currency: money.currency });
  // A decimal string is formatted exactly, where amount / 100 could lose precision for large amounts.
  return formatter.format(minorUnitsToDecimalString(money.amount, money.currency) as DecimalString);
}

/** "1234,50": what an amount input shows for `amount` (no currency, no grouping), read back by parseMoneyInput. */
export function formatMoneyInput(amount: number, locale: string, currency: string): string {
  const exponent = currencyExponent(currency);
  const formatter = new Intl.NumberFormat(locale, {
    useGrouping: false,
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  });
  return formatter.format(minorUnitsToDecimalString(amount, currency) as DecimalString);
}

export type MoneyInputFailure = 'empty' | 'invalid' | 'too-many-decimals';
export type MoneyInputResult = { ok: true; amount: number } | { ok: false; reason: MoneyInputFailure };

interface Separators {
  group: string;
  decimal: string;
}

function separatorsOf(locale: string): Separators {
  const parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
  return {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
}

const SPACES = /[\s\u00a0\u202f]/;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The currency's symbols and codes as `locale` writes them, to be ignored in typed text. */
function currencyMarks(locale: string, currency: string): string[] {
  const marks = new Set<string>([currency.toUpperCase()]);
  for (const currencyDisplay of ['symbol', 'narrowSymbol', 'code'] as const) {
    const parts = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay,
    }).formatToParts(1);
    for (const part of parts) if (part.type === 'currency') marks.add(part.value);
  }
  return [...marks].sort((a, b) => b.length - a.length);
}

/**
 * Reads what a person typed into an amount field: "12.5" → 1250, "12,50" in fr-FR → 1250, "£1,234.56",
 * "1 234,56 €". Grouping separators must sit between groups of three digits. No floating point is used.
 */
export function parseMoneyInput(text: string, locale: string, currency: string): MoneyInputResult {
  let value = text;
  for (const mark of currencyMarks(locale, currency)) value = value.split(mark).join('');
  const result = parseScaledInteger(value, locale, currencyExponent(currency));
  return result.ok ? { ok: true, amount: result.scaled } : result;
}

export type DecimalInputResult = { ok: true; value: number } | { ok: false; reason: MoneyInputFailure };

/** Reads a plain decimal number typed in `locale` ("1,5" in it-IT), with at most `maxDecimals` decimals. */
export function parseDecimalInput(text: string, locale: string, maxDecimals: number): DecimalInputResult {
  const result = parseScaledInteger(text, locale, maxDecimals);
  return result.ok ? { ok: true, value: result.scaled / 10 ** maxDecimals } : result;
}

type ScaledResult = { ok: true; scaled: number } | { ok: false; reason: MoneyInputFailure };

/**
 * The typed number times 10^exponent, built from its digits. The locale's decimal mark is accepted, and "."
 * too where it cannot be a grouping separator (fr-FR groups with spaces, so "12.5" there is 12,5).
 */
function parseScaledInteger(text: string, locale: string, exponent: number): ScaledResult {
  const value = text.trim().replace(/^[\u2212\u2013]/, '-');
  if (value === '') return { ok: false, reason: 'empty' };
  const { group, decimal } = separatorsOf(locale);
  const groupIsSpace = SPACES.test(group);
  const groupClass = groupIsSpace ? '[\\s\\u00a0\\u202f]' : escapeRegExp(group);
  const decimalClass = group !== '.' ? `[${escapeRegExp(decimal)}.]` : escapeRegExp(decimal);
  const pattern = new RegExp(
    `^(-)?\\s*(\\d{1,3}(?:${groupClass}\\d{3})+|\\d+)(?:${decimalClass}(\\d+))?$`,
    'u',
  );
  const match = pattern.exec(value);
  if (!match) return { ok: false, reason: 'invalid' };
  const [, minus, integerPart = '', fraction = ''] = match;
  if (fraction.length > exponent) return { ok: false, reason: 'too-many-decimals' };
  const scaled = Number(`${integerPart.replace(/\D/g, '')}${fraction.padEnd(exponent, '0')}`);
  if (!Number.isSafeInteger(scaled)) return { ok: false, reason: 'invalid' };
  return { ok: true, scaled: minus && scaled !== 0 ? -scaled : scaled };
}
