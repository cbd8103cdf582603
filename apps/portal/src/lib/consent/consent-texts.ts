import { isLocale, type Locale } from '@mp/domain/locales';
import type { ConsentTexts } from '../../locales/consent/en-GB.ts';
import { currentLocale } from '../i18n/i18n.ts';

/**
 * The cookie-consent dialog's texts, per language. Each comes in its language's `texts-<language>` chunk with the
 * portal's own texts (scripts/route-chunks-plugin.ts), which every page loads before its first render: the
 * preferences and the "Cookie settings" label need no request of their own, and the dialog's library no round trip
 * after it has run (issue 16 §2).
 */
export const consentTexts: Record<Locale, () => Promise<ConsentTexts>> = {
  'en-GB': () => import('../../locales/consent/en-GB.ts').then((m) => m.consentEnGB),
  'es-ES': () => import('../../locales/consent/es-ES.ts').then((m) => m.consentEsES),
  'fr-FR': () => import('../../locales/consent/fr-FR.ts').then((m) => m.consentFrFR),
  'it-IT': () => import('../../locales/consent/it-IT.ts').then((m) => m.consentItIT),
};

/** "Cookie settings" in the given language (the preferences dialog's title): the footer's and the user menu's. */
export async function cookieSettingsLabel(locale: string): Promise<string> {
  return (await consentTexts[isLocale(locale) ? locale : currentLocale()]()).preferencesModal.title;
}
