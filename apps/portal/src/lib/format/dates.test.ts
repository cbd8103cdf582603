import { LOCALES } from '@mp/domain/locales';
import { describe, expect, it } from 'vitest';
import { DATE_STYLE_OPTIONS, DATE_STYLES, formatDate } from './dates.ts';

// 09:05:07 UTC on 14 July 2026: 10:05 in London (BST), 11:05 in Paris (CEST).
const INSTANT = '2026-07-14T09:05:07Z';

describe('formatDate', () => {
  for (const locale of LOCALES) {
    for (const style of DATE_STYLES) {
      it(`accepts the '${style}' style in ${locale} (Intl.DateTimeFormat does not reject its options)`, () => {
        expect(
          () => new Intl.DateTimeFormat(locale, { ...DATE_STYLE_OPTIONS[style], timeZone: 'Europe/Paris' }),
        ).not.toThrow();
        const text = formatDate(INSTANT, locale, 'Europe/Paris', style);
        expect(text).toContain('2026');
        expect(text).toContain('14');
        if (style !== 'date') expect(text).toContain('11:05');
      });
    }
  }

  it('shows the date in the merchant’s time zone', () => {
    expect(formatDate('2026-07-14T23:30:00Z', 'en-GB', 'Europe/London')).toBe('15 Jul 2026');
    expect(formatDate('2026-07-14T23:30:00Z', 'en-GB', 'America/New_York')).toBe('14 Jul 2026');
  });

  it('shows times in the merchant’s time zone, labelled with it', () => {
    expect(formatDate(INSTANT, 'en-GB', 'Europe/London', 'dateTime')).toBe('14 Jul 2026, 10:05 BST');
    expect(formatDate(INSTANT, 'en-GB', 'Europe/Paris', 'dateTime')).toBe('14 Jul 2026, 11:05 CEST');
    expect(formatDate('2026-01-14T09:05:07Z', 'en-GB', 'Europe/London', 'dateTime')).toBe(
      '14 Jan 2026, 09:05 GMT',
    );
  });

  it('adds seconds in the dateTimeSeconds style', () => {
    expect(formatDate(INSTANT, 'en-GB', 'Europe/London', 'dateTimeSeconds')).toBe(
      '14 Jul 2026, 10:05:07 BST',
    );
    expect(formatDate(INSTANT, 'fr-FR', 'Europe/Paris', 'dateTimeSeconds')).toMatch(
      /^14 juil\. 2026.*11:05:07/,
    );
  });
});
