import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/request.ts';
import type { SessionUser } from '../../../lib/session/session-store.ts';

export function getMe(): Promise<SessionUser> {
  return apiRequest<SessionUser>('GET', '/identity/me');
}

export function meQueryOptions(userId: string) {
  return queryOptions({ queryKey: ['me', userId], queryFn: getMe, staleTime: 5 * 60_000 });
}
