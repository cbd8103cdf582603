import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

describe('formatMoney', () => {
  it('formats minor units in the amount’s own currency', () => {
    expect(formatMoney({ amount: 123456, currency: 'EUR' }, 'en-GB')).toBe('€1,234.56');
  });
  it('uses GBP for en-GB when the amount has no currency', () => {
    expect(formatMoney({ amount: 999 }, 'en-GB')).toBe('£9.99');
  });
  it('uses EUR for the other locales when the amount has no currency', () => {
    expect(formatMoney({ amount: 999 }, 'fr-FR')).toMatch(/^9,99\s€$/);
    expect(formatMoney({ amount: 999 }, 'es-ES')).toMatch(/^9,99\s€$/);
    expect(formatMoney({ amount: 999 }, 'it-IT')).toMatch(/^9,99\s€$/);
  });
  it('respects currencies without minor units', () => {
    expect(formatMoney({ amount: 500, currency: 'JPY' }, 'en-GB')).toBe('JP¥500');
  });
});
