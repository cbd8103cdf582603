import type { RequestBody } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';
import type { SignInTokens } from './sign-in.ts';

/** POST /api/identity/new-password: answers the temporary-password challenge with the session it gave. */
export function completeNewPassword(input: RequestBody<'completeNewPassword'>): Promise<SignInTokens> {
  return apiRequest('POST', '/identity/new-password', input);
}
