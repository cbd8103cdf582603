import type { IdentityRepository } from './repository.ts';

/** Sessions remembered per instance before the cache starts over (bounded memory under a flood of tokens). */
const MAX_REMEMBERED = 50_000;

export interface SessionCheckOptions {
  repository: IdentityRepository;
  clock: () => Date;
  /** How long an answer is trusted (SESSION_CHECK_CACHE_SECONDS); 0 asks the database on every request. */
  cacheSeconds: number;
}

/**
 * Issue 15: the access tokens of an ended session stop working within a minute, not at their expiry. Every
 * authenticated request asks "is the session (`sid`, the refresh-token family) of this token still open?".
 * The answer comes from a per-instance cache; a stale or missing entry costs one UPDATE by primary key that
 * both answers the question and marks the session seen (its "last seen" for the sessions list). Concurrent
 * requests of one session share one query. An ended session never reopens, so "ended" is remembered for good;
 * the instance that ends a session knows at once, the others within `cacheSeconds`.
 */
export function createSessionCheck(options: SessionCheckOptions) {
  const { repository, clock } = options;
  const ttlMs = options.cacheSeconds * 1000;
  const known = new Map<string, { open: boolean; until: number }>();
  const asking = new Map<string, Promise<boolean>>();

  function remember(sessionId: string, open: boolean, until: number) {
    if (known.size >= MAX_REMEMBERED) known.clear();
    known.set(sessionId, { open, until });
  }

  return {
    async isOpen(sessionId: string, ip: string | null, userAgent: string | null = null): Promise<boolean> {
      const now = clock();
      const entry = known.get(sessionId);
      if (entry && (!entry.open || entry.until > now.getTime())) return entry.open;
      let pending = asking.get(sessionId);
      if (!pending) {
        pending = repository
          .touchOpenSession(sessionId, now, ip, userAgent?.slice(0, 512) ?? null)
          .finally(() => asking.delete(sessionId));
        asking.set(sessionId, pending);
      }
      const open = await pending;
      remember(sessionId, open, open ? now.getTime() + ttlMs : Number.POSITIVE_INFINITY);
      return open;
    },

    /** Sessions this instance just ended: refused here from now on. */
    ended(sessionIds: Iterable<string>): void {
      for (const id of sessionIds) remember(id, false, Number.POSITIVE_INFINITY);
    },
  };
}
export type SessionCheck = ReturnType<typeof createSessionCheck>;
