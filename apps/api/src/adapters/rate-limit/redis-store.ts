import { createClient } from 'redis';
import { markConnectFailure } from '../../db/errors.ts';
import type { RateLimitStore } from './rate-limit-port.ts';

/**
 * INCR and the window's expiry in one Lua script, so the count and the TTL are atomic on the Redis server; a key
 * left without a TTL (should never happen) gets one. Returns { hits, milliseconds left in the window }.
 */
const HIT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { hits, ttl }
`;

export interface RedisRateLimitStoreOptions {
  /** REDIS_URL: redis://[user:password@]host:port[/db] or rediss:// for TLS. */
  url: string;
  /** Prepended to every key, so several apps (or test runs) can share one Redis. */
  keyPrefix?: string | undefined;
}

/**
 * The Redis store (REDIS_URL), for deployments that already run Redis: the official `redis` client (pure
 * JavaScript, no native addon). The window follows the Redis server's clock, so the app clock's `now` is unused.
 */
export async function createRedisRateLimitStore(
  options: RedisRateLimitStoreOptions,
): Promise<RateLimitStore> {
  // No offline queue: while Redis is unreachable a hit fails at once instead of waiting for the reconnection.
  const client = createClient({ url: options.url, disableOfflineQueue: true });
  // Without a listener, a dropped connection would be an unhandled 'error' event; the client reconnects itself.
  client.on('error', () => undefined);
  await client.connect();
  const prefix = options.keyPrefix ?? 'mp:rate-limit:';
  return {
    name: 'redis',
    async hit(key, windowMs, now) {
      let reply: unknown;
      try {
        reply = await client.eval(HIT_SCRIPT, { keys: [`${prefix}${key}`], arguments: [String(windowMs)] });
      } catch (error) {
        // Marked like a database connection failure: the request answers 503 with Retry-After (decision 0051).
        throw markConnectFailure(error instanceof Error ? error : new Error(String(error)));
      }
      const [hits, ttl] = reply as [number, number];
      return { hits, resetAt: new Date(now.getTime() + ttl) };
    },
    async close() {
      if (client.isOpen) await client.quit();
    },
  };
}
