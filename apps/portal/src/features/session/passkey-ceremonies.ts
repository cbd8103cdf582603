import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { RequestBody, ResponseData } from '../../lib/api/operations.ts';
import { apiRequest } from '../../lib/api/request.ts';
import type { Passkey } from './api/passkeys.ts';

// Issue 15: the WebAuthn ceremonies. This module and @simplewebauthn/browser load only when a passkey action
// starts (import() from the screens), so /signin's first download does not carry them.

const browser = () => import('@simplewebauthn/browser');

export const passkeyRegistrationOptions = (): Promise<ResponseData<'passkeyRegistrationOptions'>> =>
  apiRequest('POST', '/identity/factors/passkeys/options', {});

export const registerPasskey = (input: RequestBody<'registerPasskey'>): Promise<Passkey> =>
  apiRequest('POST', '/identity/factors/passkeys', input);

export const secondFactorPasskeyOptions = (
  input: RequestBody<'secondFactorPasskeyOptions'>,
): Promise<ResponseData<'secondFactorPasskeyOptions'>> =>
  apiRequest('POST', '/identity/sign-in/second-factor/passkey-options', input);

export const signInSecondFactorPasskey = (
  input: RequestBody<'signInSecondFactorPasskey'>,
): Promise<ResponseData<'signInSecondFactorPasskey'>> =>
  apiRequest('POST', '/identity/sign-in/second-factor/passkey', input);

export const passkeySignInOptions = (): Promise<ResponseData<'passkeySignInOptions'>> =>
  apiRequest('POST', '/identity/sign-in/passkey-options', {});

export const signInWithPasskey = (
  input: RequestBody<'signInWithPasskey'>,
): Promise<ResponseData<'signInWithPasskey'>> => apiRequest('POST', '/identity/sign-in/passkey', input);

type Body<T> = T extends { response: infer R } ? R : never;

/** Set-up: the browser creates a discoverable passkey for the options, and the API stores it under `name`. */
export async function addPasskey(name: string) {
  const { startRegistration } = await browser();
  const options = await passkeyRegistrationOptions();
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return registerPasskey({ name, response: response as Body<Parameters<typeof registerPasskey>[0]> });
}

/** Sign-in step 2: an assertion by one of the user's passkeys. */
export async function passkeySecondFactor(email: string, session: string) {
  const { startAuthentication } = await browser();
  const options = await secondFactorPasskeyOptions({ email, session });
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return signInSecondFactorPasskey({
    email,
    session,
    response: response as Body<Parameters<typeof signInSecondFactorPasskey>[0]>,
  });
}

/** Password-less sign-in: the browser offers the passkeys it has for this site. */
export async function passkeySignIn() {
  const { startAuthentication } = await browser();
  const options = await passkeySignInOptions();
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return signInWithPasskey({ response: response as Body<Parameters<typeof signInWithPasskey>[0]> });
}
