import type { MessageKey } from '../messages.ts';

export const EMAIL_MAX_LENGTH = 254;

/**
 * The address pattern (zod 4's `z.regexes.email`, the one `z.email()` applied before the rule moved here): dot-separated
 * local-part words, a domain of labels, a top-level domain of two letters or more.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** SPEC §5: emails are trimmed and lowercased before every identity call. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** SPEC §5: email required ("Required") and valid ("Email must be valid"), checked on the normalised value. */
export function emailRule(value: string): MessageKey | undefined {
  const email = normaliseEmail(value);
  if (email.length === 0) return 'validation.required';
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) return 'validation.emailInvalid';
  return undefined;
}
