import { isLocale, type Locale } from '@mp/domain/locales';
import type { i18n as I18n } from 'i18next';
import type { AnalyticsTexts } from '../../locales/analytics/en-GB.ts';

const loaders: Record<Locale, () => Promise<AnalyticsTexts>> = {
  'en-GB': () => import('../../locales/analytics/en-GB.ts').then((m) => m.analyticsEnGB),
  'es-ES': () => import('../../locales/analytics/es-ES.ts').then((m) => m.analyticsEsES),
  'fr-FR': () => import('../../locales/analytics/fr-FR.ts').then((m) => m.analyticsFrFR),
  'it-IT': () => import('../../locales/analytics/it-IT.ts').then((m) => m.analyticsItIT),
};
const loading = new Map<Locale, Promise<void>>();

/**
 * The staff page's texts (`analytics.*`) join the active locale's bundle when the page is first shown, not with the
 * portal's locale chunk, which /signin downloads (its 150 KB budget, docs/decisions/0040). For React's `use`.
 */
export function analyticsTexts(i18n: I18n): Promise<void> {
  const locale: Locale = isLocale(i18n.language) ? i18n.language : 'en-GB';
  let texts = loading.get(locale);
  if (!texts) {
    texts = loaders[locale]().then((loaded) => {
      i18n.addResourceBundle(locale, 'translation', { analytics: loaded }, true, true);
    });
    loading.set(locale, texts);
  }
  return texts;
}
