import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../src/locales.ts';
import {
  currencyExponent,
  formatMoney,
  formatMoneyInput,
  minorUnitsToDecimalString,
  parseDecimalInput,
  parseMoneyInput,
} from '../src/money.ts';

const NBSP_NARROW = '\u202f';

describe('currency exponent', () => {
  it.each([
    ['GBP', 2],
    ['EUR', 2],
    ['JPY', 0],
    ['KWD', 3],
    ['gbp', 2],
  ])('%s has %d decimals', (currency, exponent) => {
    expect(currencyExponent(currency)).toBe(exponent);
  });
});

describe('parseMoneyInput', () => {
  it.each([
    ['12.5', 'en-GB', 'GBP', 1250],
    ['12.50', 'en-GB', 'GBP', 1250],
    ['1,234.56', 'en-GB', 'GBP', 123456],
    ['£1,234.56', 'en-GB', 'GBP', 123456],
    ['0.1', 'en-GB', 'GBP', 10],
    ['0.07', 'en-GB', 'GBP', 7],
    ['1.15', 'en-GB', 'GBP', 115],
    ['4.35', 'en-GB', 'GBP', 435],
    ['12', 'en-GB', 'GBP', 1200],
    ['-3.5', 'en-GB', 'GBP', -350],
    ['12,50', 'fr-FR', 'EUR', 1250],
    ['12.5', 'fr-FR', 'EUR', 1250],
    [`1${NBSP_NARROW}234,50 €`, 'fr-FR', 'EUR', 123450],
    ['1 234,50', 'fr-FR', 'EUR', 123450],
    ['1.234,50', 'es-ES', 'EUR', 123450],
    ['1234,5', 'it-IT', 'EUR', 123450],
    ['1.234.567,89 €', 'it-IT', 'EUR', 123456789],
    ['1234', 'en-GB', 'JPY', 1234],
    ['1.234', 'en-GB', 'KWD', 1234],
  ])('reads %j in %s %s as %d minor units', (text, locale, currency, amount) => {
    expect(parseMoneyInput(text, locale, currency)).toEqual({ ok: true, amount });
  });

  it.each([
    ['', 'en-GB', 'GBP', 'empty'],
    ['   ', 'en-GB', 'GBP', 'empty'],
    ['abc', 'en-GB', 'GBP', 'invalid'],
    ['12abc', 'en-GB', 'GBP', 'invalid'],
    ['1,23.45', 'en-GB', 'GBP', 'invalid'],
    ['12,5', 'en-GB', 'GBP', 'invalid'],
    ['1.2.3', 'en-GB', 'GBP', 'invalid'],
    ['12.', 'en-GB', 'GBP', 'invalid'],
    ['.5', 'en-GB', 'GBP', 'invalid'],
    ['1e3', 'en-GB', 'GBP', 'invalid'],
    ['Infinity', 'en-GB', 'GBP', 'invalid'],
    ['99999999999999999999', 'en-GB', 'GBP', 'invalid'],
    ['12.345', 'en-GB', 'GBP', 'too-many-decimals'],
    ['12,345', 'fr-FR', 'EUR', 'too-many-decimals'],
    ['12.5', 'en-GB', 'JPY', 'too-many-decimals'],
    ['12.5', 'es-ES', 'EUR', 'invalid'],
  ])('rejects %j in %s %s as %s', (text, locale, currency, reason) => {
    expect(parseMoneyInput(text, locale, currency)).toEqual({ ok: false, reason });
  });
});

describe('formatMoney', () => {
  it.each([
    [{ amount: 123456, currency: 'GBP' }, 'en-GB', '£1,234.56'],
    [{ amount: 5, currency: 'GBP' }, 'en-GB', '£0.05'],
    [{ amount: -1250, currency: 'GBP' }, 'en-GB', '-£12.50'],
    [{ amount: 123456, currency: 'EUR' }, 'fr-FR', `1${NBSP_NARROW}234,56\u00a0€`],
    [{ amount: 12345678, currency: 'EUR' }, 'it-IT', '123.456,78\u00a0€'],
    [{ amount: 1234, currency: 'JPY' }, 'en-GB', 'JP¥1,234'],
  ])('formats %j in %s as %j', (money, locale, text) => {
    expect(formatMoney(money, locale)).toBe(text);
  });

  it('formats the largest safe amount exactly', () => {
    expect(formatMoney({ amount: Number.MAX_SAFE_INTEGER, currency: 'GBP' }, 'en-GB')).toBe(
      '£90,071,992,547,409.91',
    );
  });

  it('refuses a non-integer amount', () => {
    expect(() => minorUnitsToDecimalString(1.5, 'GBP')).toThrow(RangeError);
  });

  it('formatMoneyInput writes what an input shows', () => {
    expect(formatMoneyInput(123450, 'en-GB', 'GBP')).toBe('1234.50');
    expect(formatMoneyInput(123450, 'fr-FR', 'EUR')).toBe('1234,50');
    expect(formatMoneyInput(7, 'es-ES', 'EUR')).toBe('0,07');
  });
});

describe('money round-trip (property)', () => {
  const amount = fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
  const locale = fc.constantFrom(...LOCALES);
  const currency = fc.constantFrom('GBP', 'EUR', 'JPY', 'KWD', 'USD', 'CHF');

  it('parseMoneyInput(formatMoney(x)) is x for any amount, locale and currency', () => {
    fc.assert(
      fc.property(amount, locale, currency, (value, loc, cur) => {
        expect(parseMoneyInput(formatMoney({ amount: value, currency: cur }, loc), loc, cur)).toEqual({
          ok: true,
          amount: value,
        });
      }),
      { numRuns: 500 },
    );
  });

  it('parseMoneyInput(formatMoneyInput(x)) is x for any amount, locale and currency', () => {
    fc.assert(
      fc.property(amount, locale, currency, (value, loc, cur) => {
        expect(parseMoneyInput(formatMoneyInput(value, loc, cur), loc, cur)).toEqual({
          ok: true,
          amount: value,
        });
      }),
      { numRuns: 500 },
    );
  });

  it('parseMoneyInput never throws on any text', () => {
    fc.assert(
      fc.property(fc.string(), locale, currency, (text, loc, cur) => {
        const result = parseMoneyInput(text, loc, cur);
        expect(typeof result.ok).toBe('boolean');
        if (result.ok) expect(Number.isSafeInteger(result.amount)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('parseDecimalInput', () => {
  it('reads decimals exactly to the allowed places', () => {
    expect(parseDecimalInput('1,25', 'it-IT', 2)).toEqual({ ok: true, value: 1.25 });
    expect(parseDecimalInput('1.255', 'en-GB', 2)).toEqual({ ok: false, reason: 'too-many-decimals' });
    expect(parseDecimalInput('£1', 'en-GB', 2)).toEqual({ ok: false, reason: 'invalid' });
  });
});
