import type { DataRouter } from 'react-router';
import { storedLocale } from '../i18n/i18n.ts';
import { hasStoredChoice } from './consent-config.ts';
import { consentTexts } from './consent-texts.ts';

// When the cookie-consent library (vanilla-cookieconsent, 15 KB; cookie-consent.ts) is downloaded and run. It is in a
// chunk of its own, as are analytics and error reporting after it (only with consent), so no page's first download
// carries them (issue 14 §2, docs/decisions/0082).
//  - First visit: the first dialog is already on screen (early.ts paints it, decision 0104) and its buttons wait for
//    the library, so its chunk is requested with the app's first chunks and it runs right after the first render.
//  - The browser holds a choice already: nothing on the page waits for the library but the footer's link and, with
//    consent, analytics, so it is requested once the page has loaded and the browser is idle, not among the
//    downloads of a signed-in screen's first paint (issue 16 §2).
// Whatever needs it earlier (the user menu's "Cookie settings") runs it at once. This module and the texts are in the
// app's entry, so the library's chunk needs nothing else every page would not load (scripts/size.ts checks it: on
// /signin it brought the signed-in shell once).

const load = () => import('./cookie-consent.ts');
type Library = Awaited<ReturnType<typeof load>>;

let router: DataRouter | null = null;
let running: Promise<Library> | null = null;

/** The library, started (its dialog answers, its footer link is on the page). */
export function runCookieConsent(): Promise<Library> {
  const app = router;
  if (!app) return Promise.reject(new Error('scheduleCookieConsent has not run'));
  running ??= load().then(async (library) => {
    await library.startCookieConsent(app);
    return library;
  });
  return running;
}

/** main.tsx, before the first render: when to download and run the library (above). */
export function scheduleCookieConsent(app: DataRouter, firstRender: Promise<void>): void {
  router = app;
  const start = () => void runCookieConsent().catch(() => undefined);
  if (hasStoredChoice()) {
    void firstRender.then(afterPageLoad).then(start);
    return;
  }
  void load().catch(() => undefined);
  void consentTexts[storedLocale()]().catch(() => undefined);
  void firstRender.then(start);
}

function afterPageLoad(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () =>
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(() => resolve(), { timeout: 2000 })
        : setTimeout(resolve, 0);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}
