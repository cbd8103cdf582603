import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The user menu's "Cookie settings" (issue 14 §2): opens the consent preferences; its label comes with the dialog's
 * texts, which are not in the portal's locale bundle (that one is part of /signin's first download, decision 0040).
 */
const loadCookieConsent = () => import('./cookie-consent.ts');

export function openCookieSettings(): void {
  void loadCookieConsent().then((consent) => consent.showCookieSettings());
}

/** "Cookie settings" in the active language, once the dialog's texts have arrived (null until then). */
export function useCookieSettingsLabel(): string | null {
  const { i18n } = useTranslation();
  const [label, setLabel] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void loadCookieConsent()
      .then((consent) => consent.cookieSettingsLabel(i18n.language))
      .then((text) => {
        if (live) setLabel(text);
      });
    return () => {
      live = false;
    };
  }, [i18n.language]);
  return label;
}
