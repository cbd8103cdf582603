import type { Locale } from '@mp/domain/locales';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../../components/loading-indicator.tsx';
import type { eodReportsEnGB } from '../../locales/eodReports/en-GB.ts';

type EodTexts = typeof eodReportsEnGB;

// The end-of-day texts are fetched with the screens that use them, not with the locale bundle every page
// (and /signin, on a size budget) loads.
const loaders: Record<Locale, () => Promise<EodTexts>> = {
  'en-GB': () => import('../../locales/eodReports/en-GB.ts').then((m) => m.eodReportsEnGB),
  'es-ES': () => import('../../locales/eodReports/es-ES.ts').then((m) => m.eodReportsEsES),
  'fr-FR': () => import('../../locales/eodReports/fr-FR.ts').then((m) => m.eodReportsFrFR),
  'it-IT': () => import('../../locales/eodReports/it-IT.ts').then((m) => m.eodReportsItIT),
};

const isLoaded = (i18n: ReturnType<typeof useTranslation>['i18n'], locale: string) =>
  i18n.exists('eodReports.none', { lng: locale });

/** Renders `children` once the `eodReports.*` texts of the current language are loaded (a spinner until then). */
export function EodTexts({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const [, setLoaded] = useState<string | null>(null);
  const ready = isLoaded(i18n, locale);
  useEffect(() => {
    if (ready || !(locale in loaders)) return;
    let live = true;
    void loaders[locale]().then((texts) => {
      i18n.addResourceBundle(locale, 'translation', { eodReports: texts }, true, true);
      if (live) setLoaded(locale);
    });
    return () => {
      live = false;
    };
  }, [i18n, locale, ready]);
  return ready ? children : <LoadingIndicator size="sm" />;
}
