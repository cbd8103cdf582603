import type { RequestBody, ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

/** POST /api/identity/sign-in, /new-password, /refresh and /oidc/exchange answer with this session. */
export type SignInTokens = ResponseData<'completeNewPassword'>;

/** The identity API answers a sign-in either with tokens or with a challenge (SPEC §4). */
export type SignInResult = ResponseData<'signIn'>;
export type SignInChallenge = Extract<SignInResult, { challenge: string }>;

export type SignInInput = RequestBody<'signIn'>;

export function isChallenge(result: SignInResult): result is SignInChallenge {
  return 'challenge' in result;
}

export function signIn(input: SignInInput): Promise<SignInResult> {
  return apiRequest<SignInResult>('POST', '/identity/sign-in', input);
}
