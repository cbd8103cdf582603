import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresRateLimitStore } from '../src/adapters/rate-limit/postgres-store.ts';
import { createRedisRateLimitStore } from '../src/adapters/rate-limit/redis-store.ts';
import { isDatabaseUnavailable } from '../src/db/errors.ts';
import { rateLimitWindows } from '../src/db/schema/identity.ts';
import { createTestDatabase } from './helpers/database.ts';
import { createIdentityTestApp } from './identity-test-app.ts';

const resend = (app: Awaited<ReturnType<typeof createIdentityTestApp>>['app'], email: string, ip: string) =>
  app.inject({ method: 'POST', url: '/api/identity/resend-code', payload: { email }, remoteAddress: ip });

describe('rate limits shared across instances: the PostgreSQL table (default)', () => {
  it('counts concurrent hits exactly and restarts the window once it has ended', async () => {
    const database = await createTestDatabase();
    try {
      const store = createPostgresRateLimitStore(database.db);
      const now = new Date('2026-03-02T09:00:00.000Z');
      const counts = await Promise.all(
        Array.from({ length: 40 }, () => store.hit('k:parallel', 60_000, now)),
      );
      expect(counts.map((c) => c.hits).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 40 }, (_, i) => i + 1),
      );
      expect(new Set(counts.map((c) => c.resetAt.toISOString()))).toEqual(
        new Set(['2026-03-02T09:01:00.000Z']),
      );
      const inWindow = await store.hit('k:parallel', 60_000, new Date(now.getTime() + 59_999));
      expect(inWindow.hits).toBe(41);
      const next = await store.hit('k:parallel', 60_000, new Date(now.getTime() + 60_000));
      expect(next).toEqual({ hits: 1, resetAt: new Date('2026-03-02T09:02:00.000Z') });
      expect((await store.hit('k:other', 60_000, now)).hits).toBe(1);
    } finally {
      await database.close();
    }
  }, 30_000);

  it('two API instances on one database enforce one limit, with the RateLimit headers', async () => {
    const limits = { perIp: { limit: 100, windowMs: 60_000 }, perAccount: { limit: 3, windowMs: 60_000 } };
    const a = await createIdentityTestApp({ rateLimits: limits });
    const b = await createIdentityTestApp({ rateLimits: limits, database: a.database });
    try {
      expect((await resend(a.app, 'shared@example.com', '10.0.0.1')).statusCode).toBe(200);
      expect((await resend(b.app, 'shared@example.com', '10.0.0.2')).statusCode).toBe(200);
      expect((await resend(a.app, 'shared@example.com', '10.0.0.3')).statusCode).toBe(200);
      // The fourth, on the other instance: one limit of 3, not 3 per instance.
      const limited = await resend(b.app, 'shared@example.com', '10.0.0.4');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('RATE_LIMITED');
      expect(limited.headers['retry-after']).toBe('60');
      expect(limited.headers['ratelimit-limit']).toBe('3');
      expect(limited.headers['ratelimit-remaining']).toBe('0');
      expect(limited.headers['ratelimit-reset']).toBe('60');
      // Parallel requests split over both instances: exactly `limit` get through.
      const burst = await Promise.all(
        Array.from({ length: 12 }, (_, n) =>
          resend(n % 2 ? a.app : b.app, 'burst@example.com', `10.0.1.${n}`),
        ),
      );
      expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(3);
      expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(9);
    } finally {
      await b.close();
      await a.close();
    }
  }, 60_000);
});

/**
 * The Redis adapter against a real Redis server: REDIS_TEST_URL, or redis://127.0.0.1:6379 when something
 * answers there (Debian's redis-server). Skipped, and reported as skipped, when no server answers.
 */
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    socket.once('connect', () => socket.write('PING\r\n'));
  });
}
const redisUp = await redisAnswers(REDIS_URL);

describe.skipIf(!redisUp)(`rate limits in Redis (REDIS_URL; server at ${REDIS_URL})`, () => {
  const run = `test-${process.pid}-${Date.now()}:`;
  let store: Awaited<ReturnType<typeof createRedisRateLimitStore>>;
  beforeAll(async () => {
    store = await createRedisRateLimitStore({ url: REDIS_URL, keyPrefix: run });
  });
  afterAll(() => store?.close());

  it('counts concurrent hits exactly and ends the window with the key', async () => {
    const now = new Date();
    const counts = await Promise.all(Array.from({ length: 40 }, () => store.hit('k', 400, now)));
    expect(counts.map((c) => c.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    for (const c of counts) {
      expect(c.resetAt.getTime()).toBeGreaterThan(now.getTime());
      expect(c.resetAt.getTime()).toBeLessThanOrEqual(now.getTime() + 400);
    }
    await expect.poll(async () => (await store.hit('k', 400, new Date())).hits, { timeout: 3000 }).toBe(1);
  });

  it('is what the app uses when REDIS_URL is set: two instances share one limit', async () => {
    const limits = { perIp: { limit: 100, windowMs: 60_000 }, perAccount: { limit: 2, windowMs: 60_000 } };
    const a = await createIdentityTestApp({ rateLimits: limits, redisUrl: REDIS_URL });
    const b = await createIdentityTestApp({ rateLimits: limits, redisUrl: REDIS_URL });
    const email = `redis-${run.replace(/[^a-z0-9-]/gi, '')}@example.com`;
    try {
      expect((await resend(a.app, email, '10.0.0.1')).statusCode).toBe(200);
      expect((await resend(b.app, email, '10.0.0.2')).statusCode).toBe(200);
      const limited = await resend(a.app, email, '10.0.0.3');
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['ratelimit-limit']).toBe('2');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(55);
      // Nothing was counted in the database table.
      expect(await a.database.db.select().from(rateLimitWindows)).toEqual([]);
    } finally {
      await b.close();
      await a.close();
    }
  }, 60_000);
});

/** A private redis-server (Debian's binary) this test starts and kills, to see the store without its server. */
const REDIS_SERVER = '/usr/bin/redis-server';

/**
 * A port nobody listens on now, chosen by the system: a fixed one is taken when two runs of the suite (PGlite and
 * PostgreSQL) or another engineer's servers share the machine.
 */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(address)));
    });
  });
describe.skipIf(!existsSync(REDIS_SERVER))('rate limits in Redis when the server goes away', () => {
  it('fails fast with an error the API answers as 503, and works again once Redis is back', async () => {
    const port = Number(process.env.REDIS_TEST_PRIVATE_PORT ?? (await freePort()));
    const start = async () => {
      const server = spawn(REDIS_SERVER, ['--port', String(port), '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      await expect.poll(() => redisAnswers(`redis://127.0.0.1:${port}`), { timeout: 5000 }).toBe(true);
      return server;
    };
    const stop = async (server: ReturnType<typeof spawn>) => {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGKILL');
      await exited;
    };
    let server = await start();
    const store = await createRedisRateLimitStore({ url: `redis://127.0.0.1:${port}` });
    try {
      expect((await store.hit('gone', 60_000, new Date())).hits).toBe(1);
      await stop(server);
      // Fails rather than waits (no offline queue): the hit settles while Redis is still down, since the server
      // only starts again after it. Not timed: a loaded machine can stall any threshold.
      const error = await store.hit('gone', 60_000, new Date()).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(error)).toBe(true);
      server = await start();
      // The client reconnects by itself; the fresh server has no count, so the window starts again.
      await expect
        .poll(
          () =>
            store.hit('gone', 60_000, new Date()).then(
              (w) => w.hits,
              () => -1,
            ),
          { timeout: 10_000 },
        )
        .toBe(1);
    } finally {
      await store.close().catch(() => undefined);
      await stop(server);
    }
  }, 30_000);
});
