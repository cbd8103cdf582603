/**
 * The one place the cookie-consent dialog's chunk is imported from (issue 14 §2): main.tsx starts it after the
 * first render, and the "Cookie settings" link of the footer and the user menu opens its preferences. /signin's
 * first download carries only this file (docs/decisions/0040, 0082).
 */
export const loadCookieConsent = () => import('./cookie-consent.ts');

export function openCookieSettings(): void {
  void loadCookieConsent().then((consent) => consent.showCookieSettings());
}
