import type { RequestBody, ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

/** POST /api/identity/forgot-password: e-mails a six-digit reset code. */
export function forgotPassword(
  input: RequestBody<'forgotPassword'>,
): Promise<ResponseData<'forgotPassword'>> {
  return apiRequest('POST', '/identity/forgot-password', input);
}
