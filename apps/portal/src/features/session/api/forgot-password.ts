import { apiRequest } from '../../../lib/api/request.ts';
import type { CodeDelivery } from './resend-code.ts';

/** POST /api/identity/forgot-password: e-mails a six-digit reset code. */
export function forgotPassword(input: { email: string }): Promise<{ delivery: CodeDelivery }> {
  return apiRequest('POST', '/identity/forgot-password', input);
}
