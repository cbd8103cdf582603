import type { RequestBody, ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

/** `phone_number` in snake_case as the pool's sign-up attribute (SPEC §3). */
export type SignUpInput = RequestBody<'signUp'>;

/** POST /api/identity/sign-up: the user starts unconfirmed and is e-mailed a confirmation code. */
export function signUp(input: SignUpInput): Promise<ResponseData<'signUp'>> {
  return apiRequest('POST', '/identity/sign-up', input);
}
