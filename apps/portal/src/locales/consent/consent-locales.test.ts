import { LOCALES } from '@mp/domain/locales';
import { describe, expect, it } from 'vitest';
import { toTranslation } from '../../lib/consent/cookie-consent.ts';
import { analyticsEnGB } from '../analytics/en-GB.ts';
import { analyticsEsES } from '../analytics/es-ES.ts';
import { analyticsFrFR } from '../analytics/fr-FR.ts';
import { analyticsItIT } from '../analytics/it-IT.ts';
import { consentEnGB } from './en-GB.ts';
import { consentEsES } from './es-ES.ts';
import { consentFrFR } from './fr-FR.ts';
import { consentItIT } from './it-IT.ts';

const texts = { 'en-GB': consentEnGB, 'es-ES': consentEsES, 'fr-FR': consentFrFR, 'it-IT': consentItIT };
const staffTexts = {
  'en-GB': analyticsEnGB,
  'es-ES': analyticsEsES,
  'fr-FR': analyticsFrFR,
  'it-IT': analyticsItIT,
};

function entries(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([key, child]) => entries(child, prefix ? `${prefix}.${key}` : key));
}

// The dialog's texts are loaded with the dialog, not with the portal's locale bundle: the same checks as
// locales.test.ts, here.
describe('texts loaded apart from the locale bundle: the cookie-consent dialog and the staff analytics page (issue 14)', () => {
  it.each(LOCALES)('%s has exactly the en-GB keys, none empty', (locale) => {
    const reference = entries(consentEnGB).map(([key]) => key);
    const own = entries(texts[locale]);
    expect(own.map(([key]) => key)).toEqual(reference);
    expect(own.filter(([, text]) => typeof text !== 'string' || text.trim() === '')).toEqual([]);
  });

  it.each(LOCALES)(
    "%s has the staff page's analytics texts (loaded with that page), none empty",
    (locale) => {
      const own = entries(staffTexts[locale]);
      expect(own.map(([key]) => key)).toEqual(entries(analyticsEnGB).map(([key]) => key));
      expect(own.filter(([, text]) => typeof text !== 'string' || text.trim() === '')).toEqual([]);
    },
  );

  it.each(LOCALES)('%s becomes a dialog with necessary (always on) and analytics sections', (locale) => {
    const translation = toTranslation(texts[locale]);
    expect(translation.preferencesModal.sections.map((section) => section.linkedCategory)).toEqual([
      undefined,
      'necessary',
      'analytics',
    ]);
    expect(translation.consentModal.acceptNecessaryBtn).toBe(texts[locale].consentModal.acceptNecessaryBtn);
  });
});
