import type { Event } from '@sentry/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSentryReporter, sentryNodeOptions } from '../src/adapters/error-reporting/sentry-reporter.ts';
import { DEMO_SIGN_INS } from '../src/db/demo/sign-ins.ts';
import { seedDemoWorld } from '../src/db/seed.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { bearer, signIn } from './helpers/auth.ts';

/** Sentry's envelopes as the SDK hands them to its transport: [headers, [[item header, payload], …]]. */
type Envelope = [Record<string, unknown>, [{ type: string }, unknown][]];
const sent: Envelope[] = [];
const fakeTransport = () => ({
  send: async (envelope: unknown) => {
    sent.push(envelope as Envelope);
    return { statusCode: 200 };
  },
  flush: async () => true,
});
const errorEvents = () =>
  sent.flatMap(([, items]) =>
    items.filter(([header]) => header.type === 'event').map(([, event]) => event as Event),
  );

describe('API error reporting through Sentry (issue 14 §5)', () => {
  let t: TestApp;
  let owner: string;
  const reporter = createSentryReporter({
    dsn: 'https://public@o1.ingest.sentry.example/2',
    environment: 'test',
    transport: fakeTransport,
  });

  beforeAll(async () => {
    t = await createTestApp({
      errorReporter: reporter,
      routes: (app) => {
        app.get('/api/test/boom', async () => {
          throw new Error('the ledger exploded');
        });
        app.get('/api/test/ignored-401', async () => {
          throw new Error('Request failed with status code 401');
        });
        app.get('/api/test/ignored-refresh', async () => {
          throw new Error('Token refresh not supported when authenticated');
        });
      },
    });
    await seedDemoWorld(t.database.db, { transactions: 0 });
    owner = await signIn(t.app, DEMO_SIGN_INS.gbOwner.email, DEMO_SIGN_INS.gbOwner.password);
  });
  afterAll(() => t.close());

  it("is configured with SPEC §9's traces rate, SPEC §8's ignore list and no automatic personal data", () => {
    const options = sentryNodeOptions({
      dsn: 'https://public@o1.ingest.sentry.example/2',
      environment: 'prod',
    });
    expect(options.tracesSampleRate).toBe(1);
    expect(options.dataCollection).toEqual({
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
    });
    const ignored = options.ignoreErrors as RegExp[];
    for (const message of [
      'Token refresh not supported when authenticated',
      'Request failed with status code 401',
      'Large Render Blocking Asset',
    ])
      expect(ignored.some((pattern) => pattern.test(message))).toBe(true);
    expect(ignored.some((pattern) => pattern.test('Request failed with status code 500'))).toBe(false);
  });

  it('reports a 500 with the user id only (no e-mail, IP, headers, cookies or query)', async () => {
    sent.length = 0;
    const res = await t.app.inject({
      url: '/api/test/boom?email=owner@example.com',
      headers: { ...bearer(owner), cookie: 'mp_consent=secret' },
    });
    expect(res.statusCode).toBe(500);
    await reporter.flush(2000);
    const [event] = errorEvents();
    expect(event?.exception?.values?.[0]?.value).toBe('the ledger exploded');
    expect(event?.environment).toBe('test');
    expect(Object.keys(event?.user ?? {})).toEqual(['id']);
    expect(event?.user?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(event?.tags).toMatchObject({ route: 'GET /api/test/boom' });
    const text = JSON.stringify(sent);
    expect(text).not.toContain('owner@example.com');
    expect(text).not.toContain(DEMO_SIGN_INS.gbOwner.email);
    expect(text).not.toContain('mp_consent');
    expect(text).not.toContain('Bearer');
  });

  it('drops the errors of the ignore list and never reports 4xx answers', async () => {
    sent.length = 0;
    expect((await t.app.inject({ url: '/api/test/ignored-401' })).statusCode).toBe(500);
    expect((await t.app.inject({ url: '/api/test/ignored-refresh' })).statusCode).toBe(500);
    expect(
      (await t.app.inject({ url: '/api/v1/merchants/not-a-uuid', headers: bearer(owner) })).statusCode,
    ).toBeLessThan(500);
    await reporter.flush(2000);
    expect(errorEvents()).toEqual([]);
  });

  it('is off by default: no SENTRY_DSN, no reporter', async () => {
    expect(t.config.errorReporting.apiDsn).toBeUndefined();
    const plain = await createTestApp({ database: t.database });
    try {
      expect(plain.app.errorReporter.name).toBe('off');
    } finally {
      await plain.app.close();
    }
  });
});
