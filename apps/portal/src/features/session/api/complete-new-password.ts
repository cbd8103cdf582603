import { apiRequest } from '../../../lib/api/request.ts';
import type { SignInTokens } from './sign-in.ts';

/** POST /api/identity/new-password: answers the temporary-password challenge with the session it gave. */
export function completeNewPassword(input: {
  email: string;
  session: string;
  newPassword: string;
}): Promise<SignInTokens> {
  return apiRequest('POST', '/identity/new-password', input);
}
