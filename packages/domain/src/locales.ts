// SPEC §9: supported locales; default en-GB; GBP for English, EUR for the others.
export const LOCALES = ['en-GB', 'es-ES', 'fr-FR', 'it-IT'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-GB';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The currency used where data carries none (DESIGN §4). */
export function defaultCurrencyFor(locale: Locale): 'GBP' | 'EUR' {
  return locale === 'en-GB' ? 'GBP' : 'EUR';
}
