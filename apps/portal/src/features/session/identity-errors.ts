import { isApiError } from '../../lib/api/api-error.ts';

/** The identity flows of SPEC §8, each with its own messages. */
export type IdentityFlow =
  | 'signIn'
  | 'signUp'
  | 'confirmUser'
  | 'newPassword'
  | 'forgotPassword'
  | 'secondFactor'
  | 'twoFactorSettings'
  | 'sessions'
  | 'passkeySettings';

// API error code → i18n key, per flow (SPEC §8; the codes are apps/api/src/identity/errors.ts).
const KEYS: Record<IdentityFlow, Record<string, string>> = {
  signIn: {
    INCORRECT_CREDENTIALS: 'signIn.incorrectCredentials',
    TEMPORARY_PASSWORD_EXPIRED: 'signIn.temporaryPasswordExpired',
    ACCOUNT_LOCKED: 'signIn.accountLocked',
    SIGN_IN_THROTTLED: 'signIn.throttled',
    PASSKEY_REJECTED: 'twoFactor.passkey.failed',
  },
  signUp: {
    USER_EXISTS: 'signUp.errors.userExists',
    INVALID_PARAMETERS: 'signUp.errors.invalidParameters',
    LIMIT_EXCEEDED: 'confirmUser.errors.resendLimit',
  },
  confirmUser: {
    CODE_MISMATCH: 'confirmUser.errors.codeMismatch',
    CODE_EXPIRED: 'confirmUser.errors.codeExpired',
    LIMIT_EXCEEDED: 'confirmUser.errors.resendLimit',
  },
  newPassword: {},
  secondFactor: {
    CODE_MISMATCH: 'twoFactor.errors.codeMismatch',
    SECOND_FACTOR_SESSION_EXPIRED: 'twoFactor.errors.sessionExpired',
    ACCOUNT_LOCKED: 'signIn.accountLocked',
    SIGN_IN_THROTTLED: 'signIn.throttled',
    PASSKEY_REJECTED: 'twoFactor.passkey.failed',
    PASSKEY_NOT_SET_UP: 'twoFactor.passkey.none',
  },
  twoFactorSettings: {
    CODE_MISMATCH: 'twoFactor.errors.codeMismatch',
    INCORRECT_CREDENTIALS: 'twoFactor.errors.freshProof',
    TOTP_ALREADY_SET_UP: 'twoFactor.errors.alreadySetUp',
    SECOND_FACTOR_REQUIRED: 'twoFactor.errors.verifyFirst',
  },
  sessions: { NOT_FOUND: 'sessions.notFound' },
  passkeySettings: {
    CODE_MISMATCH: 'twoFactor.errors.codeMismatch',
    INCORRECT_CREDENTIALS: 'twoFactor.errors.freshProof',
    PASSKEY_REJECTED: 'passkeys.failed',
    PASSKEY_ALREADY_REGISTERED: 'passkeys.alreadyRegistered',
    SECOND_FACTOR_REQUIRED: 'passkeys.verifyFirst',
  },
  forgotPassword: {
    LIMIT_EXCEEDED: 'forgotPassword.errors.limit',
    CODE_MISMATCH: 'forgotPassword.errors.codeMismatch',
    CODE_EXPIRED: 'forgotPassword.errors.codeExpired',
  },
};

const FALLBACK: Record<IdentityFlow, string> = {
  signIn: 'signIn.genericError',
  signUp: 'signUp.errors.failed',
  confirmUser: 'errors.generic',
  newPassword: 'newPassword.failed',
  secondFactor: 'signIn.genericError',
  twoFactorSettings: 'errors.generic',
  sessions: 'errors.generic',
  passkeySettings: 'passkeys.failed',
  forgotPassword: 'errors.generic',
};

/** The i18n key of the message a flow shows for a failed call. */
export function identityErrorKey(flow: IdentityFlow, error: unknown): string {
  // A WebAuthn ceremony the user cancelled or the browser refused (not an API answer).
  if (
    error instanceof Error &&
    !isApiError(error) &&
    /^(NotAllowed|Abort|InvalidState|Security)Error$|^WebAuthnError$/.test(error.name)
  )
    return flow === 'passkeySettings' ? 'passkeys.failed' : 'twoFactor.passkey.failed';
  if (!isApiError(error)) return FALLBACK[flow];
  if (error.code === 'RATE_LIMITED') return 'errors.rateLimited';
  return KEYS[flow][error.code] ?? FALLBACK[flow];
}
