import { apiRequest } from '../../../lib/api/request.ts';

/** POST /api/identity/confirm-sign-up with the e-mailed six-digit code. */
export function confirmSignUp(input: { email: string; code: string }): Promise<{ ok: true }> {
  return apiRequest('POST', '/identity/confirm-sign-up', input);
}
