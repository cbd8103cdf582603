import { LOCALES } from '@mp/domain/locales';
import { describe, expect, it } from 'vitest';
import { toTranslation } from '../../lib/consent/cookie-consent.ts';
import { consentEnGB } from './en-GB.ts';
import { consentEsES } from './es-ES.ts';
import { consentFrFR } from './fr-FR.ts';
import { consentItIT } from './it-IT.ts';

const texts = { 'en-GB': consentEnGB, 'es-ES': consentEsES, 'fr-FR': consentFrFR, 'it-IT': consentItIT };

function entries(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([key, child]) => entries(child, prefix ? `${prefix}.${key}` : key));
}

// The dialog's texts are loaded with the dialog, not with the portal's locale bundle: the same checks as
// locales.test.ts, here.
describe('cookie-consent texts (issue 14 §2)', () => {
  it.each(LOCALES)('%s has exactly the en-GB keys, none empty', (locale) => {
    const reference = entries(consentEnGB).map(([key]) => key);
    const own = entries(texts[locale]);
    expect(own.map(([key]) => key)).toEqual(reference);
    expect(own.filter(([, text]) => typeof text !== 'string' || text.trim() === '')).toEqual([]);
  });

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
