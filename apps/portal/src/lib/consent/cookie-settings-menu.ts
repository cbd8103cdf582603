import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runCookieConsent } from './consent-library.ts';
import { cookieSettingsLabel } from './consent-texts.ts';

/**
 * The user menu's "Cookie settings" (issue 14 §2): opens the consent preferences, running the library first if it has
 * not run yet (consent-library.ts); its label is the dialog's texts' (consent-texts.ts).
 */
export function openCookieSettings(): void {
  void runCookieConsent().then((consent) => consent.showCookieSettings());
}

/** "Cookie settings" in the active language, once the dialog's texts have arrived (null until then). */
export function useCookieSettingsLabel(): string | null {
  const { i18n } = useTranslation();
  const [label, setLabel] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void cookieSettingsLabel(i18n.language).then((text) => {
      if (live) setLabel(text);
    });
    return () => {
      live = false;
    };
  }, [i18n.language]);
  return label;
}
