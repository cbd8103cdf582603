import type { Locale } from '@mp/domain/locales';

export const DATE_STYLES = ['date', 'dateTime', 'dateTimeSeconds'] as const;
export type DateStyle = (typeof DATE_STYLES)[number];

// Intl rejects `dateStyle`/`timeStyle` next to `timeZoneName` ("Invalid option"), so the styles that show a
// time spell out their fields: the same medium date, then the time and the zone's short name.
const TIME_WITH_ZONE = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
} as const satisfies Intl.DateTimeFormatOptions;

export const DATE_STYLE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  dateTime: TIME_WITH_ZONE,
  // Audit trails: several actions can fall in one minute.
  dateTimeSeconds: { ...TIME_WITH_ZONE, second: '2-digit' },
};

// A formatter per locale, zone and style: making an Intl.DateTimeFormat costs far more than using one, and a list
// formats a date on every row of every render (issue 16 §2). A zone Intl rejects throws as before (never cached).
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The cached formatter for a locale, zone and style (lists make it once and format every row with it). */
export function dateFormatter(
  locale: Locale,
  timeZone: string,
  style: DateStyle = 'date',
): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...DATE_STYLE_OPTIONS[style], timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

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
  return dateFormatter(locale, timeZone, style).format(new Date(value));
}

/** A calendar day (YYYY-MM-DD, already the merchant's) as the language writes it ("9 Dec 2026"), in no zone. */
export function formatCalendarDay(day: string, locale: Locale): string {
  return formatDate(`${day}T12:00:00Z`, locale, 'UTC', 'date');
}
