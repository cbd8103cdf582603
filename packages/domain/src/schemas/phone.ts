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

/** International form: a leading "+" and the country code; libphonenumber-js decides the rest. */
const isInternationalForm = (value: string) => value.startsWith('+');

/**
 * Every phone field: sign-up's phone_number, the onboarding company's phone, a device order's contact phone
 * (docs/decisions/0135). Typed neither in SPEC §5's pattern nor in international form: "Invalid number"; then
 * "Please enter a valid phone number" unless libphonenumber-js accepts it, which without a country takes only
 * the international form: the numbers accepted are exactly those it accepted before the pattern applied.
 */
export const phoneNumberSchema = stringInput()
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .refine((value) => isInternationalForm(value) || PHONE_PATTERN.test(value), {
    error: 'validation.phonePatternInvalid',
    abort: true,
  })
  .refine((value) => isValidPhone(value), { error: 'validation.phoneInvalid' });
