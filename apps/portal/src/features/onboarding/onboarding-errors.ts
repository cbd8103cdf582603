/**
 * The onboarding calls' own codes (SPEC §8) → their text keys, for `apiErrorKey` (lib/api/api-error.ts), which
 * answers every other failure: a field's rule, too many requests, a 404, else the action's "Unable to start/update
 * onboarding".
 */
export const ONBOARDING_ERROR_KEYS: Readonly<Record<string, string>> = {
  ONBOARDING_SHORTCODE_NOT_RECOGNISED: 'onboarding.errors.shortcodeNotRecognised',
  ONBOARDING_ALREADY_STARTED: 'onboarding.errors.alreadyStarted',
  ONBOARDING_EMAIL_IN_USE: 'onboarding.errors.emailInUse',
  ONBOARDING_SHORTCODE_LIMIT: 'onboarding.errors.shortcodeLimit',
  // A step saved after the application was submitted (another tab): trying again cannot help.
  ONBOARDING_SUBMITTED: 'onboarding.errors.submitted',
  // A new verification link refused (decision 0137): rejected, or the provider's team verifies.
  KYC_REJECTED: 'onboarding.verification.rejected',
  KYC_REVIEWED_BY_STAFF: 'onboarding.errors.reviewedByStaff',
};
