import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@mp/domain/locales';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LocaleResources } from '../../locales/en-GB.ts';
import { readString, STORAGE_KEYS, writeString } from '../storage/local-storage.ts';
import { validationMessages } from './validation-messages.ts';

// Only the active locale's texts are downloaded: each locale (the portal's and the domain package's
// validation messages) is its own chunk, fetched the first time it is applied (issue 2 §8).
const loaders: Record<Locale, () => Promise<LocaleResources>> = {
  'en-GB': () => import('../../locales/en-GB.ts').then((m) => m.enGB),
  'es-ES': () => import('../../locales/es-ES.ts').then((m) => m.esES),
  'fr-FR': () => import('../../locales/fr-FR.ts').then((m) => m.frFR),
  'it-IT': () => import('../../locales/it-IT.ts').then((m) => m.itIT),
};

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  resources: {},
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

async function ensureLoaded(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  const [resources, validation] = await Promise.all([loaders[locale](), validationMessages(locale)]);
  i18n.addResourceBundle(locale, 'translation', { ...resources, ...validation });
}

/** The locally stored choice, else en-GB (SPEC §9). */
export function storedLocale(): Locale {
  const stored = readString(STORAGE_KEYS.locale);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/** Switches the interface language (loading its texts first) and remembers it on this device. */
export async function applyLocale(locale: Locale): Promise<void> {
  await ensureLoaded(locale);
  await i18n.changeLanguage(locale);
  writeString(STORAGE_KEYS.locale, locale);
  document.documentElement.lang = locale;
}
