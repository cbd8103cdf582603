import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest, apiUrl } from '../../../lib/api/request.ts';
import type { SignInTokens } from './sign-in.ts';

/** GET /api/identity/oidc: whether a social-identity provider is configured. */
export function getSocialSignIn(): Promise<ResponseData<'getSocialSignIn'>> {
  return apiRequest('GET', '/identity/oidc');
}

/** Where the browser goes to start social sign-in (code flow with PKCE, run by the API). */
export function socialSignInUrl(redirect: string | undefined): string {
  const url = new URL(apiUrl('/identity/oidc/authorize'));
  if (redirect) url.searchParams.set('redirect', redirect);
  return url.toString();
}

/** POST /api/identity/oidc/exchange: the one-time code the callback put in /signin?social=… for a session. */
export function exchangeSocialSignIn(code: string): Promise<SignInTokens> {
  return apiRequest('POST', '/identity/oidc/exchange', { code });
}
