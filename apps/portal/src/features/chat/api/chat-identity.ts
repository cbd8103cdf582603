import { useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

export type ChatIdentity = ResponseData<'getChatIdentity'>;

/** GET /v1/chat/identity?client=web: the signed-in user's identity hash and which chat to start (issue 14 §4). */
export function useChatIdentity(userId: string) {
  return useQuery({
    queryKey: ['chat-identity', userId] as const,
    queryFn: () => apiRequest<ChatIdentity>('GET', '/v1/chat/identity?client=web'),
    enabled: userId !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });
}
