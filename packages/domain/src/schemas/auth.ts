// SPEC §5 "Auth and account", §9 (password minimum, six-digit codes).
import { z } from 'zod';
import { NUMERIC_CODE_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { LOCALES } from '../locales.ts';
import { objectInput, requiredText, stringInput } from './common.ts';
import { phoneNumberSchema } from './phone.ts';
import { emailSchema } from './sign-in.ts';

// The sign-in rules live in ./sign-in.ts (zod/mini, no classic zod) so /signin downloads only them; they are
// re-exported here with the other account rules.
export { EMAIL_MAX_LENGTH, emailSchema, signInPasswordSchema, signInSchema } from './sign-in.ts';

/** SPEC §5 form rule: at least 8 characters, one digit, one uppercase, one lowercase. */
export const passwordSchema = stringInput()
  .min(1, { error: 'validation.required', abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: 'validation.passwordRule', abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: 'validation.passwordRule', abort: true })
  .regex(/\d/, { error: 'validation.passwordRule', abort: true })
  .regex(/\p{Lu}/u, { error: 'validation.passwordRule', abort: true })
  .regex(/\p{Ll}/u, { error: 'validation.passwordRule', abort: true });

/** A new password and its repetition: repeat is required and must equal ("Passwords must match"). */
export const newPasswordFormSchema = objectInput({
  password: passwordSchema,
  repeatPassword: stringInput().min(1, { error: 'validation.required', abort: true }),
}).refine((form) => form.password === form.repeatPassword, {
  error: 'validation.passwordsMustMatch',
  path: ['repeatPassword'],
});

/** Confirmation and reset codes: required, digits only, six of them (SPEC §5, §9). */
export const numericCodeSchema = stringInput()
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .regex(/^\d+$/, { error: 'validation.codeNumeric', abort: true })
  .length(NUMERIC_CODE_LENGTH, { error: 'validation.codeLength' });

export const signUpSchema = objectInput({
  email: emailSchema,
  password: passwordSchema,
  phoneNumber: phoneNumberSchema,
  customUserId: requiredText(128).optional(),
  locale: z.enum(LOCALES, { error: 'validation.invalid' }).optional(),
});

export const confirmSignUpSchema = objectInput({ email: emailSchema, code: numericCodeSchema });
export const resendCodeSchema = objectInput({ email: emailSchema });
export const forgotPasswordSchema = objectInput({ email: emailSchema });
export const confirmForgotPasswordSchema = objectInput({
  email: emailSchema,
  code: numericCodeSchema,
  password: passwordSchema,
});
