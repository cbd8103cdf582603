/**
 * The rate-limit store port (issue 8 §4): fixed-window counters that every API instance shares, so N instances
 * behind a load balancer enforce one limit, not N × limit. Adapters: the PostgreSQL table `rate_limit_windows`
 * (default; the app's own database, PGlite included) and Redis when REDIS_URL is set.
 */
export interface RateLimitWindow {
  /** Hits counted in the current window, this one included. */
  hits: number;
  /** When the window ends and counting starts again. */
  resetAt: Date;
}

export interface RateLimitStore {
  readonly name: 'postgres' | 'redis';
  /**
   * Counts one hit on `key` atomically: a window of `windowMs` opens at the first hit after the previous one
   * ended. `now` is the app's clock (the Redis adapter uses the Redis server's clock for the window instead).
   */
  hit(key: string, windowMs: number, now: Date): Promise<RateLimitWindow>;
  close(): Promise<void>;
}
