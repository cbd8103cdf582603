import { refreshSession } from '../session/refresh-session.ts';
import { sessionStore } from '../session/session-store.ts';

function withBearer(request: Request): Request {
  const token = sessionStore.get()?.tokens.accessToken;
  if (!token) return request;
  const headers = new Headers(request.headers);
  headers.set('Authorization', `Bearer ${token}`);
  return new Request(request, { headers });
}

/**
 * fetch for every API call: carries the bearer access token and, on a 401 while signed in,
 * refreshes the session once and retries once. A second 401 is returned to the caller.
 */
export async function authFetch(request: Request): Promise<Response> {
  const retry = request.clone();
  const response = await fetch(withBearer(request));
  if (response.status !== 401 || !sessionStore.get()) return response;
  const refreshed = await refreshSession();
  if (!refreshed) return response;
  return fetch(withBearer(retry));
}
