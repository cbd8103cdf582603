// The first cookie dialog ("We use cookies", three buttons), painted by the early entry (src/early.ts) as soon as
// the page has parsed, before the app's code (400 KB) has downloaded or run: on a first visit it is the largest text
// on a phone, and when it came with the app's code it was every screen's last paint (Lighthouse's LCP element,
// issue 16 §2; docs/decisions/0104). vanilla-cookieconsent (cookie-consent.ts, loaded after the first render) keeps
// everything else: the cookie, the preferences dialog, the callbacks; it no longer shows a consent dialog of its own
// but answers this one's buttons (answerConsentBanner). A button pressed before it has loaded is answered then.
import type { Locale } from '@mp/domain/locales';
import { consentBannerTexts } from '../../locales/consent/banner.ts';
import styles from './consent-banner.css?inline';
import { hasStoredChoice } from './consent-config.ts';

export type ConsentChoice = 'all' | 'necessary' | 'preferences';

interface Banner {
  root: HTMLElement;
  title: HTMLElement;
  description: HTMLElement;
  buttons: Record<ConsentChoice, HTMLButtonElement>;
}

let banner: Banner | null = null;
let answer: ((choice: ConsentChoice) => void) | null = null;
let pending: ConsentChoice | null = null;

// What the early entry imports must not be part of the app entry's graph (it would share a chunk with it): the
// storage key and the locale check are written out here (consent-banner.test.ts holds them to lib/storage and
// @mp/domain/locales).
export const LOCALE_KEY = 'mp.locale';
const isBannerLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && Object.hasOwn(consentBannerTexts, value);

/** The language the app will start in (i18n.ts's storedLocale, without loading i18n). */
export function storedLocale(): Locale {
  try {
    const stored = localStorage.getItem(LOCALE_KEY);
    return isBannerLocale(stored) ? stored : 'en-GB';
  } catch {
    return 'en-GB';
  }
}

function choose(choice: ConsentChoice): void {
  if (answer) {
    answer(choice);
    return;
  }
  // The library has not loaded yet: it makes the choice when it has (answerConsentBanner). A choice of categories
  // is made as far as the user can tell, so the dialog goes now.
  pending = choice;
  if (choice !== 'preferences' && banner) banner.root.hidden = true;
}

function build(): Banner {
  const style = document.createElement('style');
  style.textContent = styles;
  document.head.append(style);
  const root = document.createElement('div');
  root.className = 'mp-consent';
  // As the library's dialog: a dialog named by its title and described by its text, focus placed at its start.
  root.setAttribute('role', 'dialog');
  root.setAttribute('aria-modal', 'true');
  root.setAttribute('aria-labelledby', 'mp-consent-title');
  root.setAttribute('aria-describedby', 'mp-consent-description');
  root.dataset.nosnippet = '';
  const start = document.createElement('div');
  start.tabIndex = -1;
  const title = document.createElement('h2');
  title.id = 'mp-consent-title';
  const description = document.createElement('p');
  description.id = 'mp-consent-description';
  const button = (choice: ConsentChoice, secondary = false) => {
    const element = document.createElement('button');
    element.type = 'button';
    if (secondary) element.className = 'mp-consent-secondary';
    element.addEventListener('click', () => choose(choice));
    return element;
  };
  const buttons = {
    all: button('all'),
    necessary: button('necessary'),
    preferences: button('preferences', true),
  };
  buttons.preferences.setAttribute('aria-haspopup', 'dialog');
  const group = (...children: HTMLElement[]) => {
    const element = document.createElement('div');
    element.className = 'mp-consent-group';
    element.append(...children);
    return element;
  };
  const actions = document.createElement('div');
  actions.className = 'mp-consent-buttons';
  actions.append(group(buttons.all, buttons.necessary), group(buttons.preferences));
  root.append(start, title, description, actions);
  document.body.append(root);
  start.focus({ preventScroll: true });
  return { root, title, description, buttons };
}

/** The banner's texts in the given language. */
export function relabelConsentBanner(locale: string): void {
  if (!banner) return;
  const texts = consentBannerTexts[isBannerLocale(locale) ? locale : storedLocale()];
  banner.title.textContent = texts.title;
  banner.description.textContent = texts.description;
  banner.buttons.all.textContent = texts.acceptAllBtn;
  banner.buttons.necessary.textContent = texts.acceptNecessaryBtn;
  banner.buttons.preferences.textContent = texts.showPreferencesBtn;
}

/** Shows the banner (made on first use) in the given language. */
export function showConsentBanner(locale: string = storedLocale()): void {
  banner ??= build();
  relabelConsentBanner(locale);
  banner.root.hidden = false;
}

export function hideConsentBanner(): void {
  banner?.root.remove();
  banner = null;
}

/** The early entry: the banner now, unless a choice of this revision is stored. */
export function startConsentBanner(cookies = document.cookie): void {
  if (!hasStoredChoice(cookies)) showConsentBanner();
}

/**
 * The library has run: from now on it answers the buttons, and a choice made before it loaded is made now. Returns
 * whether one was.
 */
export function answerConsentBanner(handler: (choice: ConsentChoice) => void): boolean {
  answer = handler;
  const made = pending;
  pending = null;
  if (made) handler(made);
  return made !== null;
}
