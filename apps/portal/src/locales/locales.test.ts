import { AUDIT_ACTIONS } from '@mp/domain/audit-actions';
import { LOCALES } from '@mp/domain/locales';
import { validationResources } from '@mp/domain/messages';
import { describe, expect, it } from 'vitest';
import { companionEnGB } from './companion/en-GB.ts';
import { companionEsES } from './companion/es-ES.ts';
import { companionFrFR } from './companion/fr-FR.ts';
import { companionItIT } from './companion/it-IT.ts';
import { enGB } from './en-GB.ts';
import { esES } from './es-ES.ts';
import { frFR } from './fr-FR.ts';
import { itIT } from './it-IT.ts';
import { signedInEnGB } from './signed-in/en-GB.ts';
import { signedInEsES } from './signed-in/es-ES.ts';
import { signedInFrFR } from './signed-in/fr-FR.ts';
import { signedInItIT } from './signed-in/it-IT.ts';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

// Each locale is two chunks (the texts every page loads and the signed-in screens' texts): checked together.
const resources = {
  'en-GB': { ...enGB, ...signedInEnGB },
  'es-ES': { ...esES, ...signedInEsES },
  'fr-FR': { ...frFR, ...signedInFrFR },
  'it-IT': { ...itIT, ...signedInItIT },
} as const;
/** Feature texts loaded with their screens (lib/i18n/feature-texts.tsx, decision 0081): the same checks. */
const featureTexts = {
  companion: {
    'en-GB': companionEnGB,
    'es-ES': companionEsES,
    'fr-FR': companionFrFR,
    'it-IT': companionItIT,
  },
} as const;

describe('locales', () => {
  const reference = keysOf(resources['en-GB']).sort();

  it.each(LOCALES)('%s has exactly the en-GB keys', (locale) => {
    expect(keysOf(resources[locale]).sort()).toEqual(reference);
  });

  it.each(LOCALES)('%s has no empty text', (locale) => {
    const empty = keysOf(resources[locale]).filter((key) => {
      const text = key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resources[locale]);
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(empty).toEqual([]);
  });

  it.each(LOCALES)('%s has every validation message of the domain package', (locale) => {
    expect(keysOf(validationResources(locale)).sort()).toEqual(keysOf(validationResources('en-GB')).sort());
  });

  // The audit log shows each entry's action by name (features/company/components/audit-log.tsx): every action the
  // API records has one, so none is ever shown by its code (the other locales follow from the key check above).
  it('names every audit action the API records', () => {
    const named = Object.keys(resources['en-GB'].access.audit.actions);
    expect(
      AUDIT_ACTIONS.map((action) => action.replaceAll('.', '_')).filter((key) => !named.includes(key)),
    ).toEqual([]);
  });

  it('keeps SPEC texts verbatim in en-GB', () => {
    expect(enGB.routes['not-found']).toBe('Did you get lost?');
    expect(enGB.session.signedOut).toBe('You have been signed out.');
    expect(enGB.language.updateFailed).toBe('Failed to update language.');
    expect(enGB.signIn.incorrectCredentials).toBe('Incorrect email or password');
    expect(enGB.signIn.genericError).toBe('Oops, something went wrong. Please try again later');
    // SPEC §8 identity messages
    expect(enGB.signUp.errors.userExists).toBe('A user already exists with that email address.');
    expect(enGB.signUp.errors.invalidParameters).toBe('Invalid email, phone or password');
    expect(enGB.signUp.errors.failed).toBe('Error signing up. Please try again');
    expect(enGB.confirmUser.errors.codeMismatch).toBe('Invalid verification code, please try again.');
    expect(enGB.confirmUser.errors.codeExpired).toBe(
      'Verification code has expired, please request a new one.',
    );
    expect(enGB.confirmUser.errors.resendLimit).toBe(
      'You have exceeded the limit for sending confirmation codes, please try again later.',
    );
    expect(enGB.newPassword.failed).toBe(
      'We were unable to verify your new password, please try again later.',
    );
    expect(enGB.forgotPassword.errors.limit).toBe('Please wait 10 minutes before trying again.');
    expect(enGB.forgotPassword.errors.codeMismatch).toBe('Invalid password reset code, please try again.');
    // SPEC §8 "Other": the refund errors and merchant creation's fallback, spelled as SPEC spells it
    const signedIn = resources['en-GB'];
    expect(signedIn.transactions.refund.refused).toBe('Unable to refund transaction.');
    expect(signedIn.transactions.refund.failed).toBe('An error occurred while refunding the transaction.');
    expect(signedIn.onboarding.errors.fallback).toBe('An error ocurred when processing this request');
  });
});

describe.each(Object.entries(featureTexts))('feature texts: %s', (_name, texts) => {
  const reference = keysOf(texts['en-GB']).sort();
  it.each(LOCALES)('%s has exactly the en-GB keys and no empty text', (locale) => {
    expect(keysOf(texts[locale]).sort()).toEqual(reference);
    const empty = keysOf(texts[locale]).filter((key) => {
      const text = key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts[locale]);
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(empty).toEqual([]);
  });
  it('keeps its keys apart from the locale bundle', () => {
    expect(Object.keys(enGB)).not.toContain(_name);
  });
});
