import { apiRequest } from '../../../lib/api/request.ts';
import type { SessionUser } from '../../../lib/session/session-store.ts';

// TODO(openapi): replace with the generated schema's types once apps/api/openapi.json lists the identity routes.
/** POST /api/identity/sign-in, /new-password, /refresh, /oidc/exchange answer with this session. */
export interface SignInTokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
  expiresAt: string | number;
  user: SessionUser;
}

/** The identity API answers a sign-in either with tokens or with a challenge (SPEC §4). */
export type SignInChallenge =
  | { challenge: 'CONFIRM_SIGN_UP' }
  | { challenge: 'NEW_PASSWORD_REQUIRED'; session: string };

export type SignInResult = SignInTokens | SignInChallenge;

export interface SignInInput {
  email: string;
  password: string;
}

export function isChallenge(result: SignInResult): result is SignInChallenge {
  return 'challenge' in result;
}

export function signIn(input: SignInInput): Promise<SignInResult> {
  return apiRequest<SignInResult>('POST', '/identity/sign-in', input);
}
