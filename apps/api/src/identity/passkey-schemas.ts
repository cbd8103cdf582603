import { emailSchema } from '@mp/domain/schemas/auth';
import { z } from 'zod';
import { removeTotpBody } from './schemas.ts';

// Issue 15: passkeys (WebAuthn). The browser's JSON is checked for shape here; its content by the library.

const base64url = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required', abort: true })
    .max(max, { error: 'validation.invalid' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'validation.invalid' });

const credentialBase = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key', { error: 'validation.invalid' }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

export const registrationResponseSchema = z.object({
  ...credentialBase,
  response: z.looseObject({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(65536),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});

export const authenticationResponseSchema = z.object({
  ...credentialBase,
  response: z.looseObject({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(8192),
    // Post-quantum ML-DSA signatures (offered first where the runtime has it) are up to 4.6 kB.
    signature: base64url(8192),
    userHandle: base64url(128).optional(),
  }),
});

export const passkeyNameSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .max(64, { error: 'validation.tooLong' });

export const registerPasskeyBody = z.object({
  name: passkeyNameSchema,
  response: registrationResponseSchema,
});
export const passkeyParams = z.object({ passkeyId: z.uuid({ error: 'validation.invalid' }) });
/** Removal needs the same fresh proof as the authenticator app's: the password or a current code. */
export const removePasskeyBody = removeTotpBody;

export const secondFactorPasskeyOptionsBody = z.object({
  email: emailSchema,
  session: z.string().min(1).max(200),
});
export const secondFactorPasskeyBody = secondFactorPasskeyOptionsBody.extend({
  response: authenticationResponseSchema,
});
export const passkeySignInBody = z.object({ response: authenticationResponseSchema });

const passkeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string().describe('ISO 8601'),
  lastUsedAt: z.string().nullable().describe('ISO 8601; null until first used to sign in'),
  synced: z.boolean().describe('A passkey synced between devices (backed up)'),
});
export const passkeyResponse = z.object({ data: passkeySchema });
export const passkeysResponse = z.object({ data: z.array(passkeySchema) });
/** PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON, passed to @simplewebauthn/browser as is. */
export const webauthnOptionsResponse = z.object({
  data: z.record(z.string(), z.unknown()).describe('WebAuthn options JSON for @simplewebauthn/browser'),
});
