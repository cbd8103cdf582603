// SPEC §5: "Please enter a valid phone number" (libphonenumber-js) and "Invalid number" (the pattern).
import { type CountryCode, isValidPhoneNumber } from 'libphonenumber-js';
import { stringInput } from './common.ts';

/** SPEC §5: optional bracket, 3 digits, separator, 3 digits, separator, then 4 to 6 digits. */
export const PHONE_PATTERN = /^\(?(\d{3})\)?[-. ]?(\d{3})[-. ]?(\d{4,6})$/;

export function isValidPhone(value: string, defaultCountry?: CountryCode): boolean {
  try {
    return isValidPhoneNumber(value, defaultCountry);
  } catch {
    return false;
  }
}

/** A phone number in international form (or national, given the country), checked by libphonenumber-js. */
export function phoneNumberSchemaFor(defaultCountry?: CountryCode) {
  return stringInput()
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .refine((value) => isValidPhone(value, defaultCountry), { error: 'validation.phoneInvalid' });
}

export const phoneNumberSchema = phoneNumberSchemaFor();

/** A national number typed in SPEC §5's pattern, e.g. "(020) 794-6000" or "020.794.60000". */
export const phonePatternSchema = stringInput()
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .regex(PHONE_PATTERN, { error: 'validation.phonePatternInvalid' });
