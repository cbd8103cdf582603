import type { RequestBody, ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

/** POST /api/identity/confirm-forgot-password: the reset code and the new password. */
export function confirmForgotPassword(
  input: RequestBody<'confirmForgotPassword'>,
): Promise<ResponseData<'confirmForgotPassword'>> {
  return apiRequest('POST', '/identity/confirm-forgot-password', input);
}
