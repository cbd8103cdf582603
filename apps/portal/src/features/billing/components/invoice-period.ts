import { currentLocale } from '../../../lib/i18n/i18n.ts';

/** An invoice's month as the locale writes it ("March 2026", "marzo de 2026"); the period is a calendar month. */
export function invoiceMonth(periodStart: string): string {
  return new Intl.DateTimeFormat(currentLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${periodStart}T12:00:00Z`),
  );
}
