import { apiRequest } from '../../../lib/api/request.ts';

/** POST /api/identity/sign-out revokes the refresh token on the server. */
export function signOutOnServer(refreshToken: string): Promise<void> {
  return apiRequest<void>('POST', '/identity/sign-out', { refreshToken });
}
