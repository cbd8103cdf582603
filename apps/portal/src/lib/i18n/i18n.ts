import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@mp/domain/locales';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enGB, type LocaleResources } from '../../locales/en-GB.ts';
import { readString, STORAGE_KEYS, writeString } from '../storage/local-storage.ts';
import { validationMessages } from './validation-messages.ts';

// en-GB ships with the entry; the other locales are fetched the first time they are chosen.
const loaders: Record<Exclude<Locale, 'en-GB'>, () => Promise<LocaleResources>> = {
  'es-ES': () => import('../../locales/es-ES.ts').then((m) => m.esES),
  'fr-FR': () => import('../../locales/fr-FR.ts').then((m) => m.frFR),
  'it-IT': () => import('../../locales/it-IT.ts').then((m) => m.itIT),
};

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  resources: { [DEFAULT_LOCALE]: { translation: { ...enGB, ...validationMessages(DEFAULT_LOCALE) } } },
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

async function ensureLoaded(locale: Locale): Promise<void> {
  if (locale === 'en-GB' || i18n.hasResourceBundle(locale, 'translation')) return;
  const resources = await loaders[locale]();
  i18n.addResourceBundle(locale, 'translation', { ...resources, ...validationMessages(locale) });
}

/** The locally stored choice, else en-GB (SPEC §9). */
export function storedLocale(): Locale {
  const stored = readString(STORAGE_KEYS.locale);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/** Switches the interface language and remembers it on this device. */
export async function applyLocale(locale: Locale): Promise<void> {
  await ensureLoaded(locale);
  await i18n.changeLanguage(locale);
  writeString(STORAGE_KEYS.locale, locale);
  document.documentElement.lang = locale;
}
