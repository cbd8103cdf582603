import type { Locale } from '@mp/domain/locales';
import { apiRequest } from '../../../lib/api/request.ts';
import type { SessionUser } from '../../../lib/session/session-store.ts';

/** PATCH /api/identity/me: saves the interface language to the user's preferences (SPEC §9). */
export function updateMyLocale(locale: Locale): Promise<SessionUser> {
  return apiRequest<SessionUser>('PATCH', '/identity/me', { preferences: { locale } });
}
