import { describe, expect, it } from 'vitest';
import { isoInstant } from '../src/db/pg-result.ts';

describe('isoInstant (a timestamptz text as toISOString writes its instant)', () => {
  it('writes what a Date made from the text writes, for every text PostgreSQL may send', () => {
    const texts = [
      '2026-11-24 15:55:36.123456+00',
      '2026-11-24 15:55:36.999999+00',
      '2026-11-24 15:55:36.5+00',
      '2026-11-24 15:55:36.05+00',
      '2026-11-24 15:55:36+00',
      '2026-03-29 00:59:59.000001+00',
      '1970-01-01 00:00:00+00',
      '9999-12-31 23:59:59.999999+00',
      // Not a UTC session's text, or years a Date reads its own way: through the Date, as before.
      '2026-11-24 16:55:36.123456+01',
      '2026-11-24 21:25:36.123+05:30',
      '0099-01-01 00:00:00+00',
      '2026-11-24T15:55:36.123Z',
    ];
    for (const text of texts) expect(isoInstant(text), text).toBe(new Date(text).toISOString());
  });

  it('keeps the milliseconds a Date keeps: truncated, never rounded up', () => {
    expect(isoInstant('2026-12-31 23:59:59.9999+00')).toBe('2026-12-31T23:59:59.999Z');
  });
});
