import { ApiError } from '../../lib/api/api-error.ts';

const KEY_BY_CODE: Record<string, string> = {
  ONBOARDING_SHORTCODE_NOT_RECOGNISED: 'onboarding.errors.shortcodeNotRecognised',
  ONBOARDING_ALREADY_STARTED: 'onboarding.errors.alreadyStarted',
  ONBOARDING_EMAIL_IN_USE: 'onboarding.errors.emailInUse',
  ONBOARDING_SHORTCODE_LIMIT: 'onboarding.errors.shortcodeLimit',
};

/**
 * The text key for a failed onboarding call: SPEC §8's own message for the codes it names, else the action's
 * "Unable to start/update/submit onboarding" (`fallbackKey`).
 */
export function onboardingErrorKey(error: unknown, fallbackKey: string): string {
  if (error instanceof ApiError) return KEY_BY_CODE[error.code] ?? fallbackKey;
  return fallbackKey;
}
