import { isLocale, type Locale } from '@mp/domain/locales';
import type { ConsentTexts } from '../../locales/consent/en-GB.ts';
import { currentLocale } from '../i18n/i18n.ts';

/**
 * The cookie-consent dialog's texts, a chunk per language (not part of the portal's locale bundle). Here, apart from
 * the dialog's own chunk, so main.tsx can request the stored language's texts together with the dialog before the
 * first render (issue 16 §2): otherwise they were requested only once the dialog had run, after the render, one
 * more round trip before the dialog — the largest text of a first visit on a phone — could show.
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
