import { useMutation } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

export type SupportMessageReceipt = ResponseData<'sendSupportMessage'>;
export interface SupportMessage {
  subject: string;
  message: string;
  merchantId?: string;
}

/** POST /v1/support/messages: e-mails support, reply-to the user, who gets a confirmation (issue 14 §4). */
export function useSendSupportMessage() {
  return useMutation({
    mutationFn: (body: SupportMessage) =>
      apiRequest<SupportMessageReceipt>('POST', '/v1/support/messages', body),
  });
}
