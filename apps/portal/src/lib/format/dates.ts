import type { Locale } from '@mp/domain/locales';

export type DateStyle = 'date' | 'dateTime';

const OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short', timeZoneName: 'short' },
};

/**
 * The one date formatter: a UTC instant shown in the merchant's time zone (DESIGN §2),
 * with the zone named when a time is shown.
 */
export function formatDate(
  value: Date | string | number,
  locale: Locale,
  timeZone: string,
  style: DateStyle = 'date',
): string {
  return new Intl.DateTimeFormat(locale, { ...OPTIONS[style], timeZone }).format(new Date(value));
}
