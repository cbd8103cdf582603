import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

// Issue 15: the signed-in user's own sessions under /api/identity/sessions.

export type UserSession = ResponseData<'listSessions'>[number];
export const sessionsQueryKey = ['identity', 'sessions'] as const;

export const listSessions = (): Promise<ResponseData<'listSessions'>> =>
  apiRequest('GET', '/identity/sessions');

export const endSession = (id: string): Promise<ResponseData<'endSession'>> =>
  apiRequest('DELETE', `/identity/sessions/${encodeURIComponent(id)}`);

export const endOtherSessions = (): Promise<ResponseData<'endOtherSessions'>> =>
  apiRequest('POST', '/identity/sessions/end-others', {});

/** The signed-in user's own security activity (password, sign-in factors, ended sessions), newest first. */
export type SecurityEvent = ResponseData<'listSecurityActivity'>[number];
export const activityQueryKey = ['identity', 'activity'] as const;

export const listSecurityActivity = (): Promise<ResponseData<'listSecurityActivity'>> =>
  apiRequest('GET', '/identity/activity');
