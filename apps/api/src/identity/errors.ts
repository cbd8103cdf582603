import { AppError, type ErrorDetail } from '../plugins/errors.ts';

/**
 * The identity module's failures: HTTP status, a stable code the portal can switch on, and the en-GB text.
 * SPEC §8 gives most texts verbatim; the rest are ours.
 */
export const IDENTITY_MESSAGES = {
  // SPEC §8 Sign-in
  incorrectCredentials: 'Incorrect email or password',
  signInFailed: 'Oops, something went wrong. Please try again later',
  // SPEC §8 Sign-up
  userExists: 'A user already exists with that email address.',
  invalidSignUpParameters: 'Invalid email, phone or password',
  signUpFailed: 'Error signing up. Please try again',
  // SPEC §8 Confirm
  invalidVerificationCode: 'Invalid verification code, please try again.',
  codeExpired: 'Verification code has expired, please request a new one.',
  resendLimitExceeded: 'You have exceeded the limit for sending confirmation codes, please try again later.',
  // SPEC §8 New password
  newPasswordFailed: 'We were unable to verify your new password, please try again later.',
  // SPEC §8 Forgot password
  forgotPasswordLimit: 'Please wait 10 minutes before trying again.',
  invalidResetCode: 'Invalid password reset code, please try again.',
  // Ours
  temporaryPasswordExpired:
    'Your temporary password has expired. Use "Forgot password" to choose a new password.',
  accountLocked:
    'Too many failed sign-in attempts. Please wait 30 minutes or reset your password, then try again.',
  signInThrottled: 'Too many failed sign-in attempts. Please wait a few seconds and try again.',
  rateLimited: 'Too many requests. Please wait a minute and try again.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  authenticationRequired: 'Please sign in to continue.',
  staffOnly: 'Not found',
  incorrectCurrentPassword: 'Your current password is incorrect.',
  socialSignInFailed: 'Social sign-in failed. Please try again.',
  socialSignInUnavailable: 'Social sign-in is not configured.',
  // Issue 15: second factors
  invalidSecondFactorCode: 'Invalid code, please try again.',
  secondFactorSessionExpired: 'Your sign-in has expired. Please sign in again.',
  totpAlreadySetUp: 'An authenticator app is already set up. Remove it first to set up another.',
  totpNotStarted: 'Start the authenticator app set-up first.',
  totpNotSetUp: 'No authenticator app is set up.',
  sessionNotFound: 'Session not found',
  sessionEnded: 'This session has been ended. Please sign in again.',
  freshProofRequired: 'Enter your password or a current code to confirm.',
  freshCodeRequired: 'This session has not passed two-factor sign-in: enter a current code to confirm.',
  passkeyRejected: 'The passkey could not be verified. Please try again.',
  passkeyChallengeExpired: 'The passkey request has expired. Please try again.',
  passkeyAlreadyRegistered: 'This passkey is already registered.',
  passkeyNotFound: 'Passkey not found',
  passkeyNotSetUp: 'No passkey is set up.',
  secondFactorRequiredToAdd: 'Confirm this session with your second factor before adding a passkey.',
  secondFactorRequiredToAddApp:
    'Confirm this session with your second factor before adding an authenticator app.',
} as const;

export type IdentityErrorCode =
  | 'INCORRECT_CREDENTIALS'
  | 'SIGN_IN_FAILED'
  | 'TEMPORARY_PASSWORD_EXPIRED'
  | 'ACCOUNT_LOCKED'
  | 'SIGN_IN_THROTTLED'
  | 'USER_EXISTS'
  | 'INVALID_PARAMETERS'
  | 'SIGN_UP_FAILED'
  | 'CODE_MISMATCH'
  | 'CODE_EXPIRED'
  | 'LIMIT_EXCEEDED'
  | 'NEW_PASSWORD_FAILED'
  | 'INVALID_PASSWORD'
  | 'RATE_LIMITED'
  | 'UNAUTHENTICATED'
  | 'TOKEN_EXPIRED'
  | 'INVALID_TOKEN'
  | 'SESSION_ENDED'
  | 'INVALID_REFRESH_TOKEN'
  | 'NOT_FOUND'
  | 'SOCIAL_SIGN_IN_FAILED'
  | 'SECOND_FACTOR_SESSION_EXPIRED'
  | 'TOTP_ALREADY_SET_UP'
  | 'TOTP_NOT_STARTED'
  | 'TOTP_NOT_SET_UP'
  | 'PASSKEY_REJECTED'
  | 'PASSKEY_ALREADY_REGISTERED'
  | 'PASSKEY_NOT_SET_UP'
  | 'SECOND_FACTOR_REQUIRED';

/** Rendered by the app's error handler like any AppError (DESIGN §4). */
export class IdentityError extends AppError {
  constructor(
    statusCode: number,
    code: IdentityErrorCode,
    message: string,
    extra: { details?: ErrorDetail[]; retryAfterSeconds?: number } = {},
  ) {
    super(statusCode, code, message, extra.details, extra.retryAfterSeconds);
    this.name = 'IdentityError';
  }
}
