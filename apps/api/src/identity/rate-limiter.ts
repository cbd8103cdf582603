import { IDENTITY_MESSAGES, IdentityError } from './errors.ts';

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window counters held in this process's memory (DESIGN: one process by default). Behind a load
 * balancer each instance counts on its own, so the effective limit is N × limit; the sign-in lock-out, which
 * PCI DSS requires to be exact, is kept in the database instead (see sign_in_attempts).
 */
export function createRateLimiter(clock: () => Date) {
  const windows = new Map<string, { count: number; resetAt: number }>();

  function sweep(now: number) {
    if (windows.size < 10_000) return;
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }

  return {
    /** Counts one hit; throws a 429 once `rule.limit` hits were counted in the current window. */
    hit(key: string, rule: RateLimitRule, message: string = IDENTITY_MESSAGES.rateLimited): void {
      const now = clock().getTime();
      sweep(now);
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + rule.windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count > rule.limit) {
        const retryAfterSeconds = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
        const error = new IdentityError(
          429,
          message === IDENTITY_MESSAGES.rateLimited ? 'RATE_LIMITED' : 'LIMIT_EXCEEDED',
          message,
          { retryAfterSeconds },
        );
        error.rateLimit = { limit: rule.limit, remaining: 0, resetSeconds: retryAfterSeconds };
        throw error;
      }
    },
    reset(): void {
      windows.clear();
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
