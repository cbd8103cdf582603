import { CONSENT_REVISION } from '@mp/domain/consent';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { DEMO_SIGN_INS } from '../src/db/demo/sign-ins.ts';
import { analyticsEvents, consentRecords, users } from '../src/db/schema/index.ts';
import { seedDemoWorld } from '../src/db/seed.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { bearer, signIn, signInWithCode, signInWithSecondFactor } from './helpers/auth.ts';

const NOW = new Date('2026-05-20T12:00:00Z');
const VISITOR = '0b9c53f6-5f39-4d34-9a4c-7d0f3f1f2a10';
/** The consent cookie's id of a browser that accepted analytics (recorded in beforeAll). */
const CONSENTED = '9d3e6a14-7c2b-4f0e-8b5a-1e2d3c4b5a61';
const view = (path: string, routeId: string, at = NOW) => ({
  type: 'page_view',
  path,
  routeId,
  occurredAt: at.toISOString(),
});

describe('analytics events and consent records (issue 14 §2, §3)', () => {
  const clock = fixedClock(NOW);
  let t: TestApp;
  let owner: string;
  let staff: string;
  let staffSecret: string;
  /** A batch from the browser that accepted analytics, unless the payload names another consent id. */
  const post = (payload: object, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      payload: { consentId: CONSENTED, ...payload },
      headers,
      remoteAddress,
    });
  const recordConsent = (consentId: string, categories: string[], action: 'first' | 'change', at: Date) =>
    t.app.inject({
      method: 'POST',
      url: '/api/consent/records',
      payload: {
        consentId,
        categories,
        revision: CONSENT_REVISION,
        locale: 'en-GB',
        action,
        consentedAt: at.toISOString(),
      },
    });
  const fieldsOf = (body: { error: { details?: { field: string }[] } }) =>
    (body.error.details ?? []).map((detail) => detail.field);

  beforeAll(async () => {
    t = await createTestApp({ clock });
    await seedDemoWorld(t.database.db, { transactions: 0 });
    owner = await signIn(t.app, DEMO_SIGN_INS.gbOwner.email, DEMO_SIGN_INS.gbOwner.password);
    // Issue 15: staff powers need a session that passed a second factor.
    ({ accessToken: staff, secret: staffSecret } = await signInWithSecondFactor(
      t.app,
      DEMO_SIGN_INS.staff.email,
      DEMO_SIGN_INS.staff.password,
    ));
    expect((await recordConsent(CONSENTED, ['necessary', 'analytics'], 'first', NOW)).statusCode).toBe(204);
  });
  afterAll(() => t.close());

  it('stores events only while the consent id they come with has analytics accepted (none, refused, withdrawn)', async () => {
    const visitorId = '2f6b8e1d-4c3a-4b5e-9f7a-8d1c2b3a4e71';
    const stored = async () =>
      (await t.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.visitorId, visitorId)))
        .length;
    const refusedFor = async (consentId: string | undefined, headers: Record<string, string> = {}) => {
      const res = await post(
        { consentId, visitorId, events: [view('/transactions', 'transactions')] },
        headers,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual(
        expect.arrayContaining([expect.objectContaining({ field: 'consentId' })]),
      );
      return res.json().error.details as { rule?: string }[];
    };

    // No consent id at all, or one with no recorded choice (a cookie never recorded, a made-up id).
    await refusedFor(undefined);
    const unknown = await refusedFor('5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c11');
    expect(unknown.map((detail) => detail.rule)).toContain('analytics.noConsent');

    // Necessary only.
    const consentId = '6b5c4d3e-2f1a-4b0c-9d8e-7f6a5b4c3d21';
    await recordConsent(consentId, ['necessary'], 'first', new Date(NOW.getTime() - 60_000));
    await refusedFor(consentId, bearer(owner));

    // Accepted later: stored.
    await recordConsent(consentId, ['analytics', 'necessary'], 'change', new Date(NOW.getTime() - 30_000));
    const ok = await post(
      { consentId, visitorId, events: [view('/transactions', 'transactions')] },
      bearer(owner),
    );
    expect(ok.statusCode).toBe(202);
    expect(await stored()).toBe(1);

    // Withdrawn: a tab still open, or a page-leave beacon, no longer adds anything.
    await recordConsent(consentId, ['necessary'], 'change', NOW);
    await refusedFor(consentId, bearer(owner));
    expect(await stored()).toBe(1);
  });

  it('stores an anonymous batch of page views and leaves with path, route id and visitor id only', async () => {
    const res = await post({
      visitorId: VISITOR,
      events: [
        view('/signin', 'sign-in'),
        { ...view('/signin', 'sign-in'), type: 'page_leave', durationMs: 5400 },
      ],
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { accepted: 2 } });
    const rows = await t.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.visitorId, VISITOR));
    expect(rows.map((row) => [row.type, row.path, row.routeId, row.userId, row.durationMs])).toEqual(
      expect.arrayContaining([
        ['page_view', '/signin', 'sign-in', null, null],
        ['page_leave', '/signin', 'sign-in', null, 5400],
      ]),
    );
  });

  it('takes the user id from the bearer token, never from the body (which may not name one)', async () => {
    const visitorId = '7e2a1c2b-8a51-4d53-a0a3-0f5c9a0b7c11';
    const ok = await post({ visitorId, events: [view('/transactions', 'transactions')] }, bearer(owner));
    expect(ok.statusCode).toBe(202);
    const [user] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_SIGN_INS.gbOwner.email));
    const [row] = await t.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.visitorId, visitorId));
    expect(row?.userId).toBe(user?.id);

    const smuggled = await post({ visitorId, userId: user?.id, events: [view('/', 'home')] });
    expect(smuggled.statusCode).toBe(400);
    expect(smuggled.json().error.code).toBe('VALIDATION_FAILED');
  });

  it.each([
    ['visitorId', { visitorId: 'me@example.com', events: [view('/', 'home')] }],
    ['events', { visitorId: VISITOR, events: [] }],
    ['events', { visitorId: VISITOR, events: Array.from({ length: 51 }, () => view('/', 'home')) }],
    ['events.0.type', { visitorId: VISITOR, events: [{ ...view('/', 'home'), type: 'click' }] }],
    // A query string may carry an e-mail address or a reset code: paths only.
    [
      'events.0.path',
      { visitorId: VISITOR, events: [view('/forgot?e=me@example.com&c=123456', 'forgot-password')] },
    ],
    ['events.0.path', { visitorId: VISITOR, events: [view('signin', 'sign-in')] }],
    // An unknown path is whatever was typed or linked (the catch-all route): an e-mail address or a card number in
    // it is personal or card data, refused like a query string; encoded or with separators as well.
    ['events.0.path', { visitorId: VISITOR, events: [view('/users/jane.doe@example.com', 'catch-all')] }],
    ['events.0.path', { visitorId: VISITOR, events: [view('/reset/jane.doe%40example.com', 'catch-all')] }],
    ['events.0.path', { visitorId: VISITOR, events: [view('/card/4111111111111111', 'catch-all')] }],
    ['events.0.path', { visitorId: VISITOR, events: [view('/pay/4111-1111-1111-1111', 'catch-all')] }],
    ['events.0.path', { visitorId: VISITOR, events: [view('/pay/5555%205555%205555%204444', 'catch-all')] }],
    ['events.0.routeId', { visitorId: VISITOR, events: [view('/', 'Home Page')] }],
    [
      'events.0.occurredAt',
      { visitorId: VISITOR, events: [{ ...view('/', 'home'), occurredAt: 'yesterday' }] },
    ],
    ['events.0.durationMs', { visitorId: VISITOR, events: [{ ...view('/', 'home'), durationMs: -1 }] }],
    // The browser's clock may be off, but not by days.
    [
      'events.1.occurredAt',
      {
        visitorId: VISITOR,
        events: [view('/', 'home'), view('/', 'home', new Date('2026-05-01T00:00:00Z'))],
      },
    ],
    [
      'events.0.occurredAt',
      { visitorId: VISITOR, events: [view('/', 'home', new Date('2026-05-20T13:00:00Z'))] },
    ],
  ])('answers 400 naming %s and stores nothing', async (field, payload) => {
    const before = (await t.database.db.select().from(analyticsEvents)).length;
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.json())).toContain(field);
    expect((await t.database.db.select().from(analyticsEvents)).length).toBe(before);
  });

  it('refuses events under a choice made on an earlier text of the dialog (the banner asks again)', async () => {
    const consentId = '7c6d5e4f-3a2b-4c1d-8e9f-0a1b2c3d4e81';
    const earlier = await t.app.inject({
      method: 'POST',
      url: '/api/consent/records',
      payload: {
        consentId,
        categories: ['necessary', 'analytics'],
        revision: CONSENT_REVISION - 1,
        locale: 'en-GB',
        action: 'first',
        consentedAt: NOW.toISOString(),
      },
    });
    expect(earlier.statusCode).toBe(204);
    const res = await post({ consentId, visitorId: VISITOR, events: [view('/', 'home')] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      expect.objectContaining({ field: 'consentId', rule: 'analytics.noConsent' }),
    ]);
  });

  it('keeps paths whose ids are UUIDs or short numbers (not card numbers)', async () => {
    const res = await post({
      visitorId: VISITOR,
      events: [
        view('/users/00000000-0000-4000-8000-000000000001', 'edit-user'),
        view('/payouts/123456789012', 'payout-details'),
      ],
    });
    expect(res.statusCode).toBe(202);
  });

  it('records a consent choice with its categories, time, text revision and the signed-in user', async () => {
    const consentId = '4c0d7f55-2b8e-4a8e-9a7e-2f8f6c1d0e21';
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/consent/records',
      payload: {
        consentId,
        categories: ['necessary'],
        revision: 1,
        locale: 'fr-FR',
        action: 'first',
        consentedAt: NOW.toISOString(),
      },
    });
    expect(first.statusCode).toBe(204);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/consent/records',
      headers: bearer(owner),
      payload: {
        consentId,
        categories: ['analytics', 'necessary'],
        revision: 1,
        locale: 'fr-FR',
        action: 'change',
        consentedAt: NOW.toISOString(),
      },
    });
    expect(change.statusCode).toBe(204);
    const rows = await t.database.db
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.consentId, consentId));
    expect(
      rows.map((row) => [row.action, row.categories, row.revision, row.locale, row.userId === null]),
    ).toEqual(
      expect.arrayContaining([
        ['first', ['necessary'], 1, 'fr-FR', true],
        ['change', ['analytics', 'necessary'], 1, 'fr-FR', false],
      ]),
    );
  });

  it('refuses a consent record without the necessary category (400 naming categories)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/consent/records',
      payload: {
        consentId: '4c0d7f55-2b8e-4a8e-9a7e-2f8f6c1d0e22',
        categories: ['analytics'],
        revision: 1,
        locale: 'en-GB',
        action: 'first',
        consentedAt: NOW.toISOString(),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.json())).toContain('categories');
  });

  it('counts page views per route for staff only, over the last 30 days', async () => {
    const visitorId = 'c1a5f0e2-3b9d-4e6f-8a7b-9c0d1e2f3a41';
    await post({
      visitorId,
      events: [
        view('/sites', 'all-sites'),
        view('/sites/3f1e0c1a-0000-4000-8000-000000000001', 'edit-site'),
        view('/sites', 'all-sites'),
        { ...view('/sites', 'all-sites'), type: 'page_leave', durationMs: 1000 },
      ],
    });
    expect((await t.app.inject({ url: '/api/analytics/route-counts' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/analytics/route-counts', headers: bearer(owner) })).statusCode,
    ).toBe(404);
    const res = await t.app.inject({ url: '/api/analytics/route-counts', headers: bearer(staff) });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.days).toBe(30);
    expect(data.routes).toEqual(
      expect.arrayContaining([
        { routeId: 'all-sites', pageViews: 2, pageLeaves: 1, visitors: 1, users: 0 },
        { routeId: 'edit-site', pageViews: 1, pageLeaves: 0, visitors: 1, users: 0 },
      ]),
    );
    const bad = await t.app.inject({ url: '/api/analytics/route-counts?days=365', headers: bearer(staff) });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.json())).toContain('days');

    // 31 days later the same events are out of the window.
    const later = await createTestApp({
      database: t.database,
      clock: fixedClock(new Date(NOW.getTime() + 31 * 86_400_000)),
    });
    try {
      const token = await signInWithCode(
        later.app,
        DEMO_SIGN_INS.staff.email,
        DEMO_SIGN_INS.staff.password,
        staffSecret,
      );
      const counts = await later.app.inject({ url: '/api/analytics/route-counts', headers: bearer(token) });
      expect(counts.json().data.routes).toEqual([]);
    } finally {
      await later.app.close();
    }
  });

  it('limits batches per client address (429 with Retry-After) without storing the refused ones', async () => {
    const limited = await createTestApp({
      database: t.database,
      clock,
      env: { ANALYTICS_RATE_LIMIT_PER_MINUTE: '3' },
    });
    try {
      const visitorId = 'f4d3c2b1-a0b9-4c8d-9e7f-6a5b4c3d2e51';
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/analytics/events',
          payload: { consentId: CONSENTED, visitorId, events: [view('/', 'home')] },
          remoteAddress: '192.0.2.44',
        });
      for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(202);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const stored = await limited.database.db
        .select()
        .from(analyticsEvents)
        .where(eq(analyticsEvents.visitorId, visitorId));
      expect(stored).toHaveLength(3);
      // Another address is counted on its own.
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/analytics/events',
        payload: { consentId: CONSENTED, visitorId, events: [view('/', 'home')] },
        remoteAddress: '192.0.2.45',
      });
      expect(other.statusCode).toBe(202);
    } finally {
      await limited.app.close();
    }
  });

  it('tells the portal which adapters to start: our own events and no error reporting by default', async () => {
    const res = await t.app.inject({ url: '/api/analytics/client-config' });
    expect(res.json().data).toEqual({
      analytics: { provider: 'embedded', posthogKey: null, posthogHost: null },
      errorReporting: {
        dsn: null,
        environment: 'test',
        tracesSampleRate: 1,
        replaysSessionSampleRate: 0.1,
        replaysOnErrorSampleRate: 1,
      },
    });
  });

  it('names PostHog and the portal DSN when configured, and lets the browser reach them (CSP)', async () => {
    const vendor = await createTestApp({
      database: t.database,
      env: {
        POSTHOG_KEY: 'phc_test_key',
        POSTHOG_HOST: 'https://eu.i.posthog.com',
        PORTAL_SENTRY_DSN: 'https://public@o1.ingest.sentry.io/2',
      },
    });
    try {
      const res = await vendor.app.inject({ url: '/api/analytics/client-config' });
      expect(res.json().data.analytics).toEqual({
        provider: 'posthog',
        posthogKey: 'phc_test_key',
        posthogHost: 'https://eu.i.posthog.com',
      });
      expect(res.json().data.errorReporting.dsn).toBe('https://public@o1.ingest.sentry.io/2');
      expect(res.headers['content-security-policy']).toMatch(
        /connect-src 'self' https:\/\/eu\.i\.posthog\.com https:\/\/o1\.ingest\.sentry\.io/,
      );
    } finally {
      await vendor.app.close();
    }
  });
});
