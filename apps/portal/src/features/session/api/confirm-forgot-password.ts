import { apiRequest } from '../../../lib/api/request.ts';

/** POST /api/identity/confirm-forgot-password: the reset code and the new password. */
export function confirmForgotPassword(input: {
  email: string;
  code: string;
  password: string;
}): Promise<{ ok: true }> {
  return apiRequest('POST', '/identity/confirm-forgot-password', input);
}
