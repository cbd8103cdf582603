import { apiRequest } from '../../../lib/api/request.ts';

/** POST /api/identity/sign-out revokes the refresh token on the server. */
export function signOutOnServer(refreshToken: string): Promise<void> {
  return apiRequest<void>('POST', '/identity/sign-out', { refreshToken });
}

/** The `sid` claim (the session) of an access token, read without verifying (the API verifies it). */
function sessionIdOf(accessToken: string): string | null {
  const payload = accessToken.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/'))) as { sid?: unknown };
    return typeof claims.sid === 'string' && claims.sid.length > 0 ? claims.sid : null;
  } catch {
    return null;
  }
}

/**
 * Ends the session on the server: by its refresh token, or, for a session the companion app handed over without one
 * (docs/companion-bridge.md), by its id through DELETE /api/identity/sessions/{sid} (sent with the access token).
 */
export async function endSessionOnServer(tokens: {
  accessToken: string;
  refreshToken: string;
}): Promise<void> {
  if (tokens.refreshToken) return signOutOnServer(tokens.refreshToken);
  const sessionId = sessionIdOf(tokens.accessToken);
  if (sessionId) await apiRequest('DELETE', `/identity/sessions/${encodeURIComponent(sessionId)}`);
}
