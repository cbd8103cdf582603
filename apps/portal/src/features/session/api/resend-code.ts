import { apiRequest } from '../../../lib/api/request.ts';

export interface CodeDelivery {
  medium: 'EMAIL';
  /** The masked address the code went to. */
  destination: string;
}

/** POST /api/identity/resend-code: a new confirmation code (limited, SPEC §8). */
export function resendCode(input: { email: string }): Promise<{ delivery: CodeDelivery }> {
  return apiRequest('POST', '/identity/resend-code', input);
}
