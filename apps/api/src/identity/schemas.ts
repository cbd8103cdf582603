import { AUDIT_ACTIONS } from '@mp/domain/audit-actions';
import { LOCALES } from '@mp/domain/locales';
import {
  emailSchema,
  numericCodeSchema,
  passwordSchema,
  signInPasswordSchema,
} from '@mp/domain/schemas/auth';
import { phoneNumberSchema } from '@mp/domain/schemas/phone';
import { z } from 'zod';

// Request and response shapes of /api/identity. Field rules come from @mp/domain (SPEC §5).

const localeSchema = z.enum(LOCALES, { error: 'validation.invalid' });

export const signInBody = z.object({ email: emailSchema, password: signInPasswordSchema });

export const signUpBody = z.object({
  email: emailSchema,
  // snake_case as the hosted pool's sign-up attribute (SPEC §3 "Sign-up attributes").
  phone_number: phoneNumberSchema,
  password: passwordSchema,
  userId: z.string().trim().min(1).max(128).optional(),
  locale: localeSchema.optional(),
});

export const confirmSignUpBody = z.object({ email: emailSchema, code: numericCodeSchema });
export const emailOnlyBody = z.object({ email: emailSchema });
export const newPasswordBody = z.object({
  email: emailSchema,
  session: z.string().min(1).max(200),
  newPassword: passwordSchema,
});
export const confirmForgotPasswordBody = z.object({
  email: emailSchema,
  code: numericCodeSchema,
  password: passwordSchema,
});
export const changePasswordBody = z.object({
  currentPassword: signInPasswordSchema,
  newPassword: passwordSchema,
});
export const refreshTokenBody = z.object({ refreshToken: z.string().min(1).max(200) });
export const updateUserBody = z.object({
  preferences: z.object({ locale: localeSchema }),
});

export const userSchema = z.object({
  id: z.string().describe('The custom user id (SPEC §3)'),
  email: z.string(),
  groups: z.array(z.string()),
  isConfigured: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  preferences: z.object({ locale: z.string() }),
  twoFactor: z
    .object({
      enabled: z.boolean().describe('The user has a second factor (an authenticator app)'),
      verified: z
        .boolean()
        .describe('This session passed a second factor (sign-in challenge, set-up or step-up)'),
    })
    .describe('Issue 15: staff, and users of merchants that require it, need both'),
});

export const sessionSchema = z.object({
  idToken: z.string(),
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresAt: z.string().describe('When the access token expires (ISO 8601)'),
  user: userSchema,
});

export const signInResponse = z.object({
  data: z.union([
    sessionSchema,
    z.object({ challenge: z.literal('CONFIRM_SIGN_UP') }),
    z.object({ challenge: z.literal('NEW_PASSWORD_REQUIRED'), session: z.string() }),
    z.object({ challenge: z.literal('SECOND_FACTOR_REQUIRED'), session: z.string() }),
  ]),
});

// Issue 15: second factors.
const secondFactorCodeSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .max(20, { error: 'validation.codeLength' });
export const secondFactorBody = z.object({
  email: emailSchema,
  session: z.string().min(1).max(200),
  code: secondFactorCodeSchema,
});
export const totpConfirmBody = z.object({ code: numericCodeSchema });
/** Step-up: a signed-in session proves a second factor (TOTP or recovery code). */
export const verifySessionBody = z.object({ code: secondFactorCodeSchema });
export const removeTotpBody = z
  .object({ password: z.string().min(1).max(256).optional(), code: secondFactorCodeSchema.optional() })
  .refine((body) => body.password !== undefined || body.code !== undefined, {
    error: 'validation.required',
    path: ['password'],
  });
export const factorsResponse = z.object({
  data: z.object({ totp: z.boolean(), recoveryCodesLeft: z.number().int() }),
});
export const totpSetupResponse = z.object({
  data: z.object({
    secret: z.string().describe('Base32, for typing into an app'),
    uri: z.string().describe('otpauth:// URI'),
    qrCode: z.string().describe('PNG data URL of the URI'),
  }),
});
export const recoveryCodesResponse = z.object({ data: z.object({ recoveryCodes: z.array(z.string()) }) });

const deliverySchema = z.object({ medium: z.literal('EMAIL'), destination: z.string() });

export const sessionResponse = z.object({ data: sessionSchema });
export const userResponse = z.object({ data: userSchema });
export const signUpResponse = z.object({
  data: z.object({ userConfirmed: z.boolean(), delivery: deliverySchema }),
});
export const deliveryResponse = z.object({ data: z.object({ delivery: deliverySchema }) });
export const okResponse = z.object({ data: z.object({ ok: z.literal(true) }) });

export const jwksResponse = z.object({
  keys: z.array(z.record(z.string(), z.unknown())),
});

// Issue 15: the sessions list.
export const sessionIdParams = z.object({ id: z.uuid() });
/** What a request's User-Agent says (parseUserAgent): the sessions list and the security activity show it. */
const userAgentFields = {
  browser: z.string().nullable().describe('From the User-Agent, e.g. "Chrome 131"'),
  os: z.string().nullable().describe('From the User-Agent, e.g. "macOS", "Android 15"'),
  device: z.enum(['desktop', 'mobile', 'tablet', 'unknown']),
};
export const sessionsResponse = z.object({
  data: z.array(
    z.object({
      id: z.uuid(),
      ...userAgentFields,
      ip: z.string().nullable().describe('The last IP seen (no geo database is shipped)'),
      firstSeenAt: z.string(),
      lastSeenAt: z.string(),
      current: z.boolean().describe('The session making this request'),
    }),
  ),
});
export const activityResponse = z.object({
  data: z.array(
    z.object({
      id: z.uuid(),
      action: z.enum(AUDIT_ACTIONS).describe('An identity.* action of the audit log'),
      at: z.string(),
      ...userAgentFields,
      ip: z.string().nullable(),
    }),
  ),
});
export const endOtherSessionsResponse = z.object({ data: z.object({ ended: z.number().int() }) });
