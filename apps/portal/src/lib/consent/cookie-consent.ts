// The styles travel inside this chunk (injected below), so consent-library.ts's import() of it carries no preload
// list of CSS files: /signin's entry stays as it was (decision 0040).

import { isLocale, LOCALES } from '@mp/domain/locales';
import type { DataRouter } from 'react-router';
import * as CookieConsent from 'vanilla-cookieconsent';
import libraryStyles from 'vanilla-cookieconsent/dist/cookieconsent.css?inline';
import type { ConsentTexts } from '../../locales/consent/en-GB.ts';
import { authFetch } from '../api/auth-fetch.ts';
import { apiUrl } from '../api/request.ts';
import { currentLocale, i18n } from '../i18n/i18n.ts';
import { sessionStore } from '../session/session-store.ts';
import {
  answerConsentBanner,
  type ConsentChoice,
  hideConsentBanner,
  relabelConsentBanner,
  showConsentBanner,
} from './consent-banner.ts';
import { ANALYTICS, CONSENT_COOKIE, CONSENT_REVISION } from './consent-config.ts';
import { cookieSettingsLabel, consentTexts as texts } from './consent-texts.ts';
import ownStyles from './cookie-consent.css?inline';
import type { Tracking } from './tracking.ts';

export { ANALYTICS, CONSENT_COOKIE, CONSENT_REVISION };

/** The portal's texts in the library's shape: an introduction, then one section per category. */
export function toTranslation(t: ConsentTexts): CookieConsent.Translation {
  const { intro, necessary, analytics, ...buttons } = t.preferencesModal;
  return {
    consentModal: t.consentModal,
    preferencesModal: {
      ...buttons,
      sections: [
        intro,
        { ...necessary, linkedCategory: 'necessary' },
        { ...analytics, linkedCategory: ANALYTICS },
      ],
    },
  };
}

/** The record of a choice, kept by the API as well as in the cookie (docs/decisions/0082). */
function recordChoice(action: 'first' | 'change', cookie: CookieConsent.CookieValue): void {
  const locale = isLocale(cookie.languageCode) ? cookie.languageCode : currentLocale();
  const body = JSON.stringify({
    consentId: cookie.consentId,
    categories: cookie.categories,
    revision: cookie.revision,
    locale,
    action,
    consentedAt: action === 'first' ? cookie.consentTimestamp : cookie.lastConsentTimestamp,
  });
  const request = new Request(apiUrl('/consent/records'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
    keepalive: true,
  });
  void (sessionStore.get() ? authFetch(request) : fetch(request)).catch(() => undefined);
}

let ready: Promise<void> | null = null;

/**
 * The cookie-consent dialog (issue 14 §2, vanilla-cookieconsent), loaded after the first render of any page
 * (consent-library.ts says when); the first dialog is the early entry's banner (consent-banner.ts), whose buttons it answers. Necessary cookies are always on; analytics is off until accepted, and only then are the analytics
 * adapter and error reporting loaded and started (tracking.ts). The dialog follows the portal's language.
 */
export function startCookieConsent(router: DataRouter): Promise<void> {
  if (ready) return ready;
  const style = document.createElement('style');
  style.textContent = `${libraryStyles}\n${ownStyles}`;
  document.head.append(style);
  let tracking: Promise<Tracking> | null = null;
  const apply = () => {
    if (CookieConsent.acceptedCategory(ANALYTICS)) {
      tracking ??= import('./tracking.ts').then((m) =>
        m.startTracking(router, () => CookieConsent.getCookie('consentId') || null),
      );
      tracking.catch(() => {
        tracking = null;
      });
    } else if (tracking) {
      const stopping = tracking;
      tracking = null;
      void stopping.then((started) => started.stop()).catch(() => undefined);
    }
  };
  ready = CookieConsent.run({
    mode: 'opt-in',
    // The first dialog is the early entry's banner (consent-banner.ts), on screen since the first paint; the
    // library answers its buttons (below) and shows the preferences.
    autoShow: false,
    revision: CONSENT_REVISION,
    // Playwright and other automation set navigator.webdriver; the dialog is for them too (e2e checks it).
    hideFromBots: false,
    cookie: {
      name: CONSENT_COOKIE,
      expiresAfterDays: 182,
      sameSite: 'Lax',
      secure: window.location.protocol === 'https:',
    },
    guiOptions: {
      consentModal: { layout: 'box inline', position: 'bottom right', equalWeightButtons: true },
      preferencesModal: { layout: 'box', equalWeightButtons: true },
    },
    categories: {
      necessary: { enabled: true, readOnly: true },
      [ANALYTICS]: { enabled: false, autoClear: { cookies: [{ name: /^ph_/ }] } },
    },
    language: {
      default: currentLocale(),
      translations: Object.fromEntries(
        LOCALES.map((locale) => [locale, async () => toTranslation(await texts[locale]())]),
      ),
    },
    onFirstConsent: ({ cookie }) => {
      hideConsentBanner();
      recordChoice('first', cookie);
    },
    onConsent: apply,
    onChange: ({ cookie }) => {
      recordChoice('change', cookie);
      apply();
    },
  }).then(() => {
    // A choice made on the banner before the library had loaded is made now (and hides it).
    answerConsentBanner(answerBanner);
    if (CookieConsent.validConsent()) hideConsentBanner();
    else showConsentBanner(currentLocale());
  });
  const footer = mountFooterLink();
  i18n.on('languageChanged', (locale: string) => {
    if (isLocale(locale)) void CookieConsent.setLanguage(locale);
    relabelConsentBanner(locale);
    void footer.relabel();
  });
  syncDarkMode();
  return ready;
}

/** The banner's buttons, as the library's own consent dialog's (accept all, necessary only, the preferences). */
function answerBanner(choice: ConsentChoice): void {
  if (choice === 'preferences') CookieConsent.showPreferences();
  else CookieConsent.acceptCategory(choice === 'all' ? 'all' : []);
}

/** The footer link of every page, after the app's root: opens the preferences. */
function mountFooterLink() {
  const footer = document.createElement('footer');
  footer.className = 'mp-cookie-footer';
  const button = document.createElement('button');
  button.type = 'button';
  button.addEventListener('click', () => CookieConsent.showPreferences());
  footer.append(button);
  // Shown once the page has its <main> (every layout has one, and the signed-in ones are at least a screen high):
  // shown during the first render's loading state it sat high on the screen, and the page pushed it down as it
  // filled (a layout shift of up to 0.06 under Lighthouse on a phone, issue 16 §2).
  footer.hidden = true;
  document.body.append(footer);
  const app = document.getElementById('root');
  const show = () => {
    footer.hidden = false;
    watcher.disconnect();
    window.clearTimeout(fallback);
  };
  const watcher = new MutationObserver(() => {
    if (app?.querySelector('main')) show();
  });
  // Whatever happens to the page, the link shows within 10 s.
  const fallback = window.setTimeout(show, 10_000);
  if (!app || app.querySelector('main')) show();
  else watcher.observe(app, { childList: true, subtree: true });
  const relabel = async () => {
    button.textContent = await cookieSettingsLabel(currentLocale());
  };
  void relabel();
  return { relabel };
}

/** The dialog follows the portal's colour scheme (`data-mantine-color-scheme` on <html>). */
function syncDarkMode(): void {
  const root = document.documentElement;
  const apply = () =>
    root.classList.toggle('cc--darkmode', root.getAttribute('data-mantine-color-scheme') === 'dark');
  apply();
  new MutationObserver(apply).observe(root, {
    attributes: true,
    attributeFilter: ['data-mantine-color-scheme'],
  });
}

/** The footer's and the user menu's "Cookie settings". */
export async function showCookieSettings(): Promise<void> {
  await ready;
  CookieConsent.showPreferences();
}
