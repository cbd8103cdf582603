import type { RequestBody, ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

/** POST /api/identity/resend-code: a new confirmation code (limited, SPEC §8). */
export function resendCode(
  input: RequestBody<'resendConfirmationCode'>,
): Promise<ResponseData<'resendConfirmationCode'>> {
  return apiRequest('POST', '/identity/resend-code', input);
}
