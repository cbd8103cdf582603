import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers /api/healthz with ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok' } });
  });

  it('answers /api/readyz after pinging the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ready', database: t.database.kind } });
  });

  it('answers /api/readyz with 503 when the database does not answer', async () => {
    const broken = await createTestApp({
      database: {
        ...t.database,
        ping: () => Promise.reject(new Error('connection refused')),
        close: async () => {},
      },
    });
    try {
      const res = await broken.app.inject({ method: 'GET', url: '/api/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: { code: 'NOT_READY', message: 'The database is not reachable' } });
    } finally {
      await broken.close();
    }
  });

  it('returns a request id, keeping a sane incoming one', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/healthz',
      headers: { 'x-request-id': 'lb-1234' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-1234');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/api/healthz',
      headers: { 'x-request-id': 'no spaces <allowed>' },
    });
    expect(replaced.headers['x-request-id']).not.toBe('no spaces <allowed>');
  });
});
