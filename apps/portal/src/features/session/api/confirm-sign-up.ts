import type { RequestBody, ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

/** POST /api/identity/confirm-sign-up with the e-mailed six-digit code. */
export function confirmSignUp(input: RequestBody<'confirmSignUp'>): Promise<ResponseData<'confirmSignUp'>> {
  return apiRequest('POST', '/identity/confirm-sign-up', input);
}
