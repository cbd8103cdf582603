import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@mp/domain/locales';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { PublicResources } from '../../locales/en-GB.ts';
import type { SignedInResources } from '../../locales/signed-in/en-GB.ts';
import { readString, STORAGE_KEYS, writeString } from '../storage/local-storage.ts';
import { validationMessages } from './validation-messages.ts';

// Only the active locale's texts are downloaded: each locale (the portal's and the domain package's
// validation messages) is its own chunk, fetched the first time it is applied (issue 2 §8).
const loaders: Record<Locale, () => Promise<PublicResources>> = {
  'en-GB': () => import('../../locales/en-GB.ts').then((m) => m.enGB),
  'es-ES': () => import('../../locales/es-ES.ts').then((m) => m.esES),
  'fr-FR': () => import('../../locales/fr-FR.ts').then((m) => m.frFR),
  'it-IT': () => import('../../locales/it-IT.ts').then((m) => m.itIT),
};

// The signed-in screens' texts are a second chunk per locale, fetched with the first signed-in screen
// (app/router.tsx) and from then on with every language change, so public pages never download them.
const signedInLoaders: Record<Locale, () => Promise<SignedInResources>> = {
  'en-GB': () => import('../../locales/signed-in/en-GB.ts').then((m) => m.signedInEnGB),
  'es-ES': () => import('../../locales/signed-in/es-ES.ts').then((m) => m.signedInEsES),
  'fr-FR': () => import('../../locales/signed-in/fr-FR.ts').then((m) => m.signedInFrFR),
  'it-IT': () => import('../../locales/signed-in/it-IT.ts').then((m) => m.signedInItIT),
};
let signedInWanted = false;
const signedInLoaded = new Set<Locale>();

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
  await Promise.all([
    i18n.hasResourceBundle(locale, 'translation')
      ? undefined
      : Promise.all([loaders[locale](), validationMessages(locale)]).then(([resources, validation]) =>
          i18n.addResourceBundle(locale, 'translation', { ...resources, ...validation }, true, true),
        ),
    signedInWanted ? ensureSignedInLoaded(locale) : undefined,
  ]);
}

async function ensureSignedInLoaded(locale: Locale): Promise<void> {
  if (signedInLoaded.has(locale)) return;
  const texts = await signedInLoaders[locale]();
  i18n.addResourceBundle(locale, 'translation', texts, true, true);
  signedInLoaded.add(locale);
}

/** Loads the signed-in screens' texts of the current language (and of every language applied later). */
export function loadSignedInTexts(): Promise<void> {
  signedInWanted = true;
  return ensureSignedInLoaded(currentLocale());
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
