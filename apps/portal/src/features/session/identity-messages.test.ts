import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error.ts';
import { enGB } from '../../locales/en-GB.ts';
import { esES } from '../../locales/es-ES.ts';
import { frFR } from '../../locales/fr-FR.ts';
import { itIT } from '../../locales/it-IT.ts';
import { type IdentityFlow, identityErrorKey } from './identity-errors.ts';

// SPEC §8 (sign-in, sign-up, confirm, new password, forgot password) and §4 (sign-out): the en-GB text verbatim,
// the API error code that shows it in its flow, and a translation in each other locale.
const MESSAGES: { flow: IdentityFlow; code: string | null; key: string; text: string }[] = [
  {
    flow: 'signIn',
    code: 'INCORRECT_CREDENTIALS',
    key: 'signIn.incorrectCredentials',
    text: 'Incorrect email or password',
  },
  {
    flow: 'signIn',
    code: 'SIGN_IN_FAILED',
    key: 'signIn.genericError',
    text: 'Oops, something went wrong. Please try again later',
  },
  {
    flow: 'signUp',
    code: 'USER_EXISTS',
    key: 'signUp.errors.userExists',
    text: 'A user already exists with that email address.',
  },
  {
    flow: 'signUp',
    code: 'INVALID_PARAMETERS',
    key: 'signUp.errors.invalidParameters',
    text: 'Invalid email, phone or password',
  },
  {
    flow: 'signUp',
    code: 'SIGN_UP_FAILED',
    key: 'signUp.errors.failed',
    text: 'Error signing up. Please try again',
  },
  {
    flow: 'confirmUser',
    code: 'CODE_MISMATCH',
    key: 'confirmUser.errors.codeMismatch',
    text: 'Invalid verification code, please try again.',
  },
  {
    flow: 'confirmUser',
    code: 'CODE_EXPIRED',
    key: 'confirmUser.errors.codeExpired',
    text: 'Verification code has expired, please request a new one.',
  },
  {
    flow: 'confirmUser',
    code: 'LIMIT_EXCEEDED',
    key: 'confirmUser.errors.resendLimit',
    text: 'You have exceeded the limit for sending confirmation codes, please try again later.',
  },
  {
    flow: 'newPassword',
    code: 'NEW_PASSWORD_FAILED',
    key: 'newPassword.failed',
    text: 'We were unable to verify your new password, please try again later.',
  },
  {
    flow: 'forgotPassword',
    code: 'LIMIT_EXCEEDED',
    key: 'forgotPassword.errors.limit',
    text: 'Please wait 10 minutes before trying again.',
  },
  {
    flow: 'forgotPassword',
    code: 'CODE_MISMATCH',
    key: 'forgotPassword.errors.codeMismatch',
    text: 'Invalid password reset code, please try again.',
  },
  // SPEC §8: "Expired code: the expiry message" — the same text as the confirm flow's.
  {
    flow: 'forgotPassword',
    code: 'CODE_EXPIRED',
    key: 'forgotPassword.errors.codeExpired',
    text: 'Verification code has expired, please request a new one.',
  },
  { flow: 'signIn', code: null, key: 'session.signedOut', text: 'You have been signed out.' },
];

const textAt = (resources: object, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], resources);

describe('SPEC §8 identity messages', () => {
  it.each(MESSAGES)('$key is "$text" in en-GB', ({ key, text }) => {
    expect(textAt(enGB, key)).toBe(text);
  });

  it.each(MESSAGES.filter((m) => m.code !== null))(
    'the $flow flow shows $key for $code',
    ({ flow, code, key }) => {
      expect(identityErrorKey(flow, new ApiError(400, code ?? '', 'from the API'))).toBe(key);
    },
  );

  it.each(
    MESSAGES.flatMap((m) => [
      ['es-ES', esES, m] as const,
      ['fr-FR', frFR, m] as const,
      ['it-IT', itIT, m] as const,
    ]),
  )('%s translates %#', (_locale, resources, { key, text }) => {
    const translated = textAt(resources, key);
    expect(typeof translated).toBe('string');
    expect((translated as string).trim()).not.toBe('');
    expect(translated).not.toBe(text);
  });
});

describe('two-factor settings', () => {
  it('asks for the second factor again when the API refuses a new authenticator app from a session without one', () => {
    const key = identityErrorKey(
      'twoFactorSettings',
      new ApiError(403, 'SECOND_FACTOR_REQUIRED', 'from the API'),
    );
    expect(textAt(enGB, key)).toBe(
      'Sign in again with your second factor before adding an authenticator app.',
    );
  });
});
