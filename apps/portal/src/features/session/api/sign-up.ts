import type { Locale } from '@mp/domain/locales';
import { apiRequest } from '../../../lib/api/request.ts';
import type { CodeDelivery } from './resend-code.ts';

export interface SignUpInput {
  email: string;
  /** snake_case as the pool's sign-up attribute (SPEC §3). */
  phone_number: string;
  password: string;
  locale: Locale;
}

/** POST /api/identity/sign-up: the user starts unconfirmed and is e-mailed a confirmation code. */
export function signUp(input: SignUpInput): Promise<{ userConfirmed: boolean; delivery: CodeDelivery }> {
  return apiRequest('POST', '/identity/sign-up', input);
}
