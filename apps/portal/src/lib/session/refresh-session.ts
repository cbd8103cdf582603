import { apiUrl } from '../api/request.ts';
import { type SessionUser, sessionStore, toEpochMs } from './session-store.ts';

interface RefreshData {
  idToken: string;
  accessToken: string;
  refreshToken?: string;
  expiresAt: string | number;
  user?: SessionUser;
}

let inFlight: Promise<boolean> | null = null;

/** POST /api/identity/refresh; concurrent callers share one call. Clears the session when refused. */
export function refreshSession(): Promise<boolean> {
  inFlight ??= doRefresh().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function doRefresh(): Promise<boolean> {
  const session = sessionStore.get();
  // A session the companion app handed over without a refresh token is refreshed by the app (SPEC §4 companion
  // session, features/companion/companion-bridge.ts), never here: asking would only clear it.
  if (!session?.tokens.refreshToken) return false;
  const response = await fetch(apiUrl('/identity/refresh'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ refreshToken: session.tokens.refreshToken }),
  }).catch(() => null);
  if (!response) return false;
  if (!response.ok) {
    if (response.status === 400 || response.status === 401) sessionStore.clear();
    return false;
  }
  const { data } = (await response.json()) as { data: RefreshData };
  sessionStore.set({
    tokens: {
      idToken: data.idToken,
      accessToken: data.accessToken,
      refreshToken: data.refreshToken ?? session.tokens.refreshToken,
      expiresAt: toEpochMs(data.expiresAt),
    },
    user: data.user ?? session.user,
  });
  return true;
}

const REFRESH_MARGIN_MS = 60_000;

/** Refreshes the access token a minute before it expires, for as long as a session exists. */
export function startSessionRefresh(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    const session = sessionStore.get();
    if (!session) return;
    const delay = Math.max(session.tokens.expiresAt - Date.now() - REFRESH_MARGIN_MS, 0);
    timer = setTimeout(() => void refreshSession(), Math.min(delay, 2 ** 31 - 1));
  };
  const unsubscribe = sessionStore.subscribe(schedule);
  schedule();
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
