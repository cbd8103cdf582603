import { LOCALES } from '@mp/domain/locales';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consentBannerTexts } from '../../locales/consent/banner.ts';
import { STORAGE_KEYS } from '../storage/local-storage.ts';
import { CONSENT_COOKIE, CONSENT_REVISION, hasStoredChoice } from './consent-config.ts';

// A fresh module for each test: the banner keeps its element and the library's answer in module state, as the one
// early entry of a page does.
const load = async () => {
  vi.resetModules();
  return import('./consent-banner.ts');
};
// The dialog on screen (a hidden one is not).
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]:not([hidden])');
const button = (name: string) =>
  [...document.querySelectorAll('button')].find(
    (element) => element.textContent === name,
  ) as HTMLButtonElement;
const cookie = (value: unknown) => `${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify(value))}`;

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  for (const element of document.querySelectorAll('.mp-consent')) element.remove();
});

describe('the early cookie banner (issue 16 §2, decision 0104)', () => {
  it('reads the language and the locale list the app uses (written out so the early entry imports none of it)', async () => {
    const { LOCALE_KEY } = await load();
    expect(LOCALE_KEY).toBe(STORAGE_KEYS.locale);
    expect(Object.keys(consentBannerTexts).sort()).toEqual([...LOCALES].sort());
  });

  it('takes a stored choice of this revision only', () => {
    expect(hasStoredChoice('')).toBe(false);
    expect(
      hasStoredChoice(`other=1; ${cookie({ categories: ['necessary'], revision: CONSENT_REVISION })}`),
    ).toBe(true);
    expect(hasStoredChoice(cookie({ categories: ['necessary'], revision: CONSENT_REVISION - 1 }))).toBe(
      false,
    );
    expect(hasStoredChoice(`${CONSENT_COOKIE}=not-json`)).toBe(false);
  });

  it.each(LOCALES)(
    'shows the dialog in the stored language (%s), named and described by its texts',
    async (locale) => {
      localStorage.setItem(STORAGE_KEYS.locale, locale);
      const { startConsentBanner } = await load();
      startConsentBanner();
      const texts = consentBannerTexts[locale];
      const element = dialog();
      expect(element?.getAttribute('aria-modal')).toBe('true');
      expect(document.getElementById(element?.getAttribute('aria-labelledby') ?? '')?.textContent).toBe(
        texts.title,
      );
      expect(document.getElementById(element?.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        texts.description,
      );
      expect([...(element?.querySelectorAll('button') ?? [])].map((b) => b.textContent)).toEqual([
        texts.acceptAllBtn,
        texts.acceptNecessaryBtn,
        texts.showPreferencesBtn,
      ]);
      // Focus at the dialog's start, as the library's own dialog puts it.
      expect(element?.contains(document.activeElement)).toBe(true);
    },
  );

  it('a choice made before the library has loaded: the dialog goes at once, the library makes the choice when it answers', async () => {
    const { startConsentBanner, answerConsentBanner } = await load();
    startConsentBanner();
    button(consentBannerTexts['en-GB'].acceptAllBtn).click();
    expect(dialog()).toBeNull();
    const handler = vi.fn();
    expect(answerConsentBanner(handler)).toBe(true);
    expect(handler).toHaveBeenCalledExactlyOnceWith('all');
  });

  it('"Choose" before the library has loaded keeps the dialog and opens the preferences once it answers', async () => {
    const { startConsentBanner, answerConsentBanner } = await load();
    startConsentBanner();
    button(consentBannerTexts['en-GB'].showPreferencesBtn).click();
    expect(dialog()).not.toBeNull();
    const handler = vi.fn();
    answerConsentBanner(handler);
    expect(handler).toHaveBeenCalledExactlyOnceWith('preferences');
  });

  it('once the library answers, the buttons go to it; it hides the dialog; relabelled on a change of language', async () => {
    const { startConsentBanner, answerConsentBanner, hideConsentBanner, relabelConsentBanner } = await load();
    startConsentBanner();
    const handler = vi.fn();
    expect(answerConsentBanner(handler)).toBe(false);
    relabelConsentBanner('fr-FR');
    expect(dialog()?.querySelector('h2')?.textContent).toBe(consentBannerTexts['fr-FR'].title);
    button(consentBannerTexts['fr-FR'].acceptNecessaryBtn).click();
    expect(handler).toHaveBeenCalledExactlyOnceWith('necessary');
    hideConsentBanner();
    expect(dialog()).toBeNull();
  });

  it('shows nothing when a choice is stored', async () => {
    const { startConsentBanner } = await load();
    startConsentBanner(cookie({ categories: ['necessary'], revision: CONSENT_REVISION }));
    expect(dialog()).toBeNull();
  });
});
