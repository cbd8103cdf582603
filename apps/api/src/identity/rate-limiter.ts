import { createHash } from 'node:crypto';
import type { RateLimitStore } from '../adapters/rate-limit/rate-limit-port.ts';
import { IDENTITY_MESSAGES, IdentityError } from './errors.ts';

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window limits counted in a store every API instance shares (issue 8 §4): the PostgreSQL table by
 * default, Redis when REDIS_URL is set (src/adapters/rate-limit). The sign-in lock-out, which PCI DSS requires to
 * be exact, is counted separately in sign_in_attempts.
 */
export function createRateLimiter(clock: () => Date, store: RateLimitStore) {
  return {
    store: store.name,
    /** Counts one hit; throws a 429 once `rule.limit` hits were counted in the current window. */
    async hit(
      key: string,
      rule: RateLimitRule,
      message: string = IDENTITY_MESSAGES.rateLimited,
    ): Promise<void> {
      const now = clock();
      // Stored as a digest: the key holds an e-mail address or an IP, and is counted before validation, so it
      // may carry anything (NUL, lone surrogates) that a text column refuses.
      const window = await store.hit(
        createHash('sha256').update(key).digest('base64url'),
        rule.windowMs,
        now,
      );
      if (window.hits <= rule.limit) return;
      const retryAfterSeconds = Math.max(1, Math.ceil((window.resetAt.getTime() - now.getTime()) / 1000));
      const error = new IdentityError(
        429,
        message === IDENTITY_MESSAGES.rateLimited ? 'RATE_LIMITED' : 'LIMIT_EXCEEDED',
        message,
        { retryAfterSeconds },
      );
      error.rateLimit = { limit: rule.limit, remaining: 0, resetSeconds: retryAfterSeconds };
      throw error;
    },
    close: () => store.close(),
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
