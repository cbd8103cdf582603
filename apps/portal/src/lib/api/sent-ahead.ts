import { sessionStore } from '../session/session-store.ts';
import { authFetch } from './auth-fetch.ts';
import { apiUrl } from './request.ts';

/**
 * GETs sent before anything asks for them (issue 16 §2): a signed-in screen's first requests leave with
 * `/identity/me` and `/merchants`, for the merchant this device opened last (app/screens/requests-ahead.ts),
 * instead of one round trip later, once the guard knows the merchant. The first identical GET of the same user
 * within CLAIM_WITHIN_MS takes the answer (apiRequest and the transactions list ask here first); any other caller
 * sends its own. An answer nobody claimed (the merchant resolved was another, or the user may not see it) is
 * dropped unread.
 */
const CLAIM_WITHIN_MS = 10_000;

interface SentAhead {
  userId: string;
  response: Promise<Response>;
}

const sent = new Map<string, SentAhead>();

export function sendAhead(userId: string, path: string): void {
  if (sent.has(path)) return;
  const response = authFetch(new Request(apiUrl(path), { headers: { Accept: 'application/json' } }));
  // Its failure belongs to whoever claims it; unclaimed, it is nobody's.
  response.catch(() => undefined);
  const entry = { userId, response };
  sent.set(path, entry);
  setTimeout(() => {
    if (sent.get(path) !== entry) return;
    sent.delete(path);
    response.then((unread) => unread.body?.cancel()).catch(() => undefined);
  }, CLAIM_WITHIN_MS);
}

/** The answer to a GET of `path` sent ahead for the signed-in user, once; otherwise undefined. */
export function claimSentAhead(path: string): Promise<Response> | undefined {
  const entry = sent.get(path);
  if (!entry) return undefined;
  sent.delete(path);
  // Sent for someone else (signed out and in again meanwhile): their answer is not this user's.
  return entry.userId === sessionStore.get()?.user.id ? entry.response : undefined;
}
