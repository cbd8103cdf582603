import { describe, expect, it } from 'vitest';
import { LOCALES } from '../src/locales.ts';
import {
  MESSAGE_CATALOGUES,
  MESSAGE_KEYS,
  placeholdersOf,
  siteNameInUseMessage,
  translate,
  unsupportedIndustryMessage,
  validationResources,
} from '../src/messages.ts';

describe('validation messages', () => {
  it('every key is namespaced under validation.', () => {
    for (const key of MESSAGE_KEYS) expect(key).toMatch(/^validation\.\w+$/);
  });

  it.each(LOCALES)('every key has a non-empty %s text with the en-GB placeholders', (locale) => {
    for (const key of MESSAGE_KEYS) {
      const text = translate(key, locale);
      expect(text.trim(), `${locale} ${key}`).not.toBe('');
      expect(placeholdersOf(text).sort(), `${locale} ${key}`).toEqual(
        placeholdersOf(translate(key, 'en-GB')).sort(),
      );
    }
    expect(Object.keys(MESSAGE_CATALOGUES[locale]).sort()).toEqual(
      Object.keys(MESSAGE_CATALOGUES['en-GB']).sort(),
    );
  });

  it('non-English catalogues are translations, not copies of en-GB', () => {
    for (const locale of ['es-ES', 'fr-FR', 'it-IT'] as const) {
      const same = MESSAGE_KEYS.filter(
        (key) =>
          translate(key, locale) === translate(key, 'en-GB') && !translate(key, 'en-GB').startsWith('{{'),
      );
      expect(same, locale).toEqual([]);
    }
  });

  it.each([
    ['validation.required', 'Required'],
    ['validation.emailInvalid', 'Email must be valid'],
    [
      'validation.passwordRule',
      'Passwords must be at least 8 characters long, contain at least one number, one uppercase letter, and one lowercase letter.',
    ],
    ['validation.passwordsMustMatch', 'Passwords must match'],
    ['validation.phoneInvalid', 'Please enter a valid phone number'],
    ['validation.phonePatternInvalid', 'Invalid number'],
    ['validation.shortcodeRequired', 'Shortcode is required'],
    ['validation.shortcodeNumeric', 'Shortcode must be numeric'],
    ['validation.shortcodeLength', 'Shortcode must be 6 digits'],
    ['validation.registrationNumberInvalid', 'Please enter a valid registration number'],
    ['validation.fieldsInvalid', 'Please ensure all fields are filled correctly'],
    [
      'validation.siteNameInvalid',
      'Site name can only contain letters, number, spaces hyphens and underscores.',
    ],
    [
      'validation.siteDisplayNameInvalid',
      'Site display name can only contain letters, number, spaces, hyphens, underscores, commas, exclamation marks, ampersand and @',
    ],
    [
      'validation.siteShortCodeInvalid',
      'Please enter a shortcode consisting of 2 to 4 alphanumeric characters',
    ],
    ['validation.dateRangeTooLarge', 'Date range too large. Please select a range of 6 months or less.'],
    ['validation.siteRequired', 'At least one site must be selected'],
    ['validation.termsNotAgreed', 'You must agree to the terms before placing an order'],
    // SPEC §8: device assignment and ordering
    ['validation.deviceOtpNotFound', 'Device not found for submitted OTP'],
    ['validation.deviceOrderFailed', 'Unable to process a device order.'],
  ] as const)('%s is SPEC’s exact en-GB text', (key, text) => {
    expect(translate(key, 'en-GB')).toBe(text);
  });

  it('fills {industry} and {siteName} in every locale', () => {
    expect(unsupportedIndustryMessage('Gambling', 'en-GB')).toBe(
      "We don't currently support Gambling. Please reach out to support for more information.",
    );
    expect(siteNameInUseMessage('Main_Street', 'en-GB')).toBe(
      'Main_Street is already in use, please select another name to continue.',
    );
    for (const locale of LOCALES) {
      expect(unsupportedIndustryMessage('Gambling', locale)).toContain('Gambling');
      expect(unsupportedIndustryMessage('Gambling', locale)).not.toContain('{{');
      expect(siteNameInUseMessage('Main_Street', locale)).toMatch(/^Main_Street /);
    }
  });

  it('leaves a placeholder without a value as it is', () => {
    expect(translate('validation.tooLong', 'en-GB')).toBe('Must be {{max}} characters or fewer');
    expect(translate('validation.tooLong', 'fr-FR', { max: 100 })).toBe('100 caractères maximum');
  });

  it('exposes i18next resources nested under validation', () => {
    expect(validationResources('it-IT').validation.required).toBe('Obbligatorio');
    expect(validationResources('en-GB').validation.siteRequired).toBe('At least one site must be selected');
  });
});
