import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimitWindows } from '../../db/schema/identity.ts';
import type { RateLimitStore } from './rate-limit-port.ts';

/** Expired windows are deleted once every this many hits, so the table holds about one row per live key. */
const SWEEP_EVERY_HITS = 1000;

/**
 * The default store: one row per key in `rate_limit_windows`, counted by a single INSERT … ON CONFLICT DO
 * UPDATE, whose row lock makes concurrent hits from any number of instances count exactly (PostgreSQL and
 * PGlite alike). A window that has ended restarts at 1 in the same statement.
 */
export function createPostgresRateLimitStore(db: Db): RateLimitStore {
  let hitsSinceSweep = 0;
  return {
    name: 'postgres',
    async hit(key, windowMs, now) {
      const resetAt = new Date(now.getTime() + windowMs);
      const expired = sql`${rateLimitWindows.resetAt} <= ${now.toISOString()}::timestamptz`;
      const [row] = await db
        .insert(rateLimitWindows)
        .values({ key, hits: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimitWindows.key,
          set: {
            hits: sql`case when ${expired} then 1 else ${rateLimitWindows.hits} + 1 end`,
            resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitWindows.resetAt} end`,
          },
        })
        .returning({ hits: rateLimitWindows.hits, resetAt: rateLimitWindows.resetAt });
      hitsSinceSweep += 1;
      if (hitsSinceSweep >= SWEEP_EVERY_HITS) {
        hitsSinceSweep = 0;
        await db.delete(rateLimitWindows).where(lt(rateLimitWindows.resetAt, now));
      }
      if (!row) throw new Error('rate limit: the upsert returned no row');
      return row;
    },
    async close() {
      // The app's database is closed by the app.
    },
  };
}
