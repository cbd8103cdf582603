import type { RequestBody, ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

// Issue 15: second factors under /api/identity.

/** Sign-in step 2: the session of step 1 and a code from the app, or a recovery code. */
export function signInSecondFactor(
  input: RequestBody<'signInSecondFactor'>,
): Promise<ResponseData<'signInSecondFactor'>> {
  return apiRequest('POST', '/identity/sign-in/second-factor', input);
}

export type Factors = ResponseData<'getFactors'>;
export const factorsQueryKey = ['identity', 'factors'] as const;
export const getFactors = (): Promise<Factors> => apiRequest('GET', '/identity/factors');

export const startTotpSetup = (): Promise<ResponseData<'startTotpSetup'>> =>
  apiRequest('POST', '/identity/factors/totp', {});

export const confirmTotpSetup = (
  input: RequestBody<'confirmTotpSetup'>,
): Promise<ResponseData<'confirmTotpSetup'>> => apiRequest('POST', '/identity/factors/totp/confirm', input);

export const removeTotp = (input: RequestBody<'removeTotp'>): Promise<ResponseData<'removeTotp'>> =>
  apiRequest('POST', '/identity/factors/totp/remove', input);

/** Step-up: this signed-in session proves a second factor; refresh the tokens afterwards (issue 15). */
export const verifySessionSecondFactor = (
  input: RequestBody<'verifySessionSecondFactor'>,
): Promise<ResponseData<'verifySessionSecondFactor'>> =>
  apiRequest('POST', '/identity/factors/verify-session', input);
