import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCursorCodec } from '../src/cursor.ts';
import { DATE_MAX, DATE_MIN, dateRangeRule } from '../src/rules/date.ts';
import { hasLoneSurrogate, isStorableText, textRule } from '../src/rules/text.ts';
import { optionalText, requiredText, stringInput } from '../src/schemas/common.ts';
import { isoDateSchema } from '../src/schemas/date-range.ts';

describe('text rule (issue 8 §3)', () => {
  it.each(['Hello', 'Café crème', 'Zoë 😀', '名前', "O'Brien & Co, 5%"])('accepts %j', (value) => {
    expect(textRule(value)).toBeUndefined();
    expect(textRule(value, { multiline: true })).toBeUndefined();
  });

  it.each([
    'a\u0000b',
    'a\u0001',
    'a\u001b[31m',
    'a\u007f',
    'a\u0085',
    'a\u2028b',
    '\ud800',
    'x\udc00y',
    '\udc00\ud800',
  ])('rejects %j in any text', (value) => {
    expect(textRule(value)).toBe('validation.textInvalidCharacters');
    expect(textRule(value, { multiline: true })).toBe('validation.textInvalidCharacters');
  });

  it('allows tab and newlines only in multi-line text', () => {
    for (const value of ['line 1\nline 2', 'a\tb', 'crlf\r\nline']) {
      expect(textRule(value)).toBe('validation.textInvalidCharacters');
      expect(textRule(value, { multiline: true })).toBeUndefined();
    }
  });

  it('tells lone surrogates from pairs', () => {
    expect(hasLoneSurrogate('😀')).toBe(false);
    expect(hasLoneSurrogate('😀'.slice(0, 1))).toBe(true);
    expect(hasLoneSurrogate('😀'.slice(1))).toBe(true);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (value) => {
        expect(hasLoneSurrogate(value)).toBe(false);
        expect(isStorableText(value)).toBe(!value.includes('\u0000'));
      }),
    );
  });

  it('every string schema refuses what cannot be stored, and requiredText the control characters', () => {
    expect(stringInput().safeParse('a\u0000').error?.issues[0]?.message).toBe(
      'validation.textInvalidCharacters',
    );
    expect(stringInput().safeParse('\ud800').error?.issues[0]?.message).toBe(
      'validation.textInvalidCharacters',
    );
    expect(requiredText(10).safeParse('a\u0007').error?.issues[0]?.message).toBe(
      'validation.textInvalidCharacters',
    );
    expect(requiredText(10).safeParse('  ok  ').data).toBe('ok');
    expect(optionalText(500, { multiline: true }).safeParse('a\nb').data).toBe('a\nb');
    expect(optionalText(500).safeParse('a\nb').success).toBe(false);
    expect(optionalText(500).safeParse('').data).toBe('');
  });
});

describe('date rule (issue 8 §3)', () => {
  it.each(['0000-01-01', '0001-01-01', '1899-12-31', '2200-01-01', '9999-12-31', '0099-06-01'])(
    'refuses %s as out of range',
    (value) => {
      expect(isoDateSchema.safeParse(value).error?.issues[0]?.message).toBe('validation.dateOutOfRange');
    },
  );

  it.each(['+275760-09-13', '2024-02-30', '2024-13-01', '2024-1-1', '2024-01-01T25:00:00Z'])(
    'refuses %s as invalid',
    (value) => {
      expect(isoDateSchema.safeParse(value).error?.issues[0]?.message).toBe('validation.dateInvalid');
    },
  );

  it('accepts the ends of the range', () => {
    expect(isoDateSchema.safeParse('1900-01-01').success).toBe(true);
    expect(isoDateSchema.safeParse('2199-12-31').success).toBe(true);
    expect(isoDateSchema.safeParse('2024-02-29T12:00:00+01:00').success).toBe(true);
    expect(dateRangeRule(DATE_MIN)).toBeUndefined();
    expect(dateRangeRule(DATE_MAX)).toBeUndefined();
    expect(dateRangeRule(new Date(DATE_MAX.getTime() + 1))).toBe('validation.dateOutOfRange');
    expect(dateRangeRule(new Date(Number.NaN))).toBe('validation.dateOutOfRange');
  });
});

describe('cursor codec (issue 8 §3)', () => {
  const codec = createCursorCodec('audit', ['date', 'uuid'] as const);
  const id = '0b5d8a8e-3c1f-4a55-9d2e-1f3b2c4d5e6f';

  it('reads back what it wrote', () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    const key = codec.encode([at, id]);
    expect(key).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(codec.decode(key)).toEqual([at, id]);
  });

  it('refuses a day that does not exist and an integer beyond PostgreSQL integer (forged keys would fail the query)', () => {
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const days = createCursorCodec('payouts', ['day', 'uuid'] as const);
    expect(days.decode(days.encode(['2026-02-28', id]))).toEqual(['2026-02-28', id]);
    for (const day of ['2026-13-45', '2026-02-30', '0000-01-01', 'garbage', '2026-1-2', ''])
      expect(days.decode(forged([1, 'payouts', day, id])), day).toBeUndefined();
    const ranks = createCursorCodec('ledger', ['int', 'uuid'] as const);
    expect(ranks.decode(ranks.encode([2 ** 31 - 1, id]))).toEqual([2 ** 31 - 1, id]);
    for (const rank of [2 ** 31, -(2 ** 31) - 1, 2 ** 40, 1.5])
      expect(ranks.decode(forged([1, 'ledger', rank, id])), String(rank)).toBeUndefined();
  });

  it('refuses keys it did not write', () => {
    const good = codec.encode([new Date('2026-01-02T00:00:00.000Z'), id]);
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const key of [
      '',
      'x',
      '%%%',
      `${good}=`,
      `${good} `,
      good.slice(0, -2),
      'a'.repeat(600),
      forged([1, 'audit', '0000-01-01T00:00:00.000Z', id]),
      forged([1, 'audit', '+275760-09-13T00:00:00.000Z', id]),
      forged([1, 'audit', '2026-01-02T00:00:00Z', id]),
      forged([1, 'audit', '2026-01-02T00:00:00.000Z', "1' or '1'='1"]),
      forged([1, 'audit', '2026-01-02T00:00:00.000Z', id, 'extra']),
      forged([2, 'audit', '2026-01-02T00:00:00.000Z', id]),
      forged([1, 'payouts', '2026-01-02T00:00:00.000Z', id]),
      forged({ at: '2026-01-02T00:00:00.000Z', id }),
      Buffer.from(`2026-01-02T00:00:00.000Z|${id}`).toString('base64url'),
      Buffer.from([0xff, 0xfe, 0x00]).toString('base64url'),
    ]) {
      expect(codec.decode(key), key).toBeUndefined();
    }
  });

  it('never throws and accepts nothing random', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), (key) => {
        expect(codec.decode(key)).toBeUndefined();
      }),
    );
  });
});
