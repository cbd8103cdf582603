import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_PATH } from '../src/access/route-access.ts';
import { fixedClock } from '../src/clock.ts';
import { type AccessWorld, createAccessWorld, PASSWORD } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { signIn } from './helpers/auth.ts';

/**
 * Issue 5: every API route × every kind of caller, each cell the exact allow/deny. A route registered without
 * a row here fails the first test.
 *
 * - `allow`: let through: 2xx, or 400/409 from the input or the business rules (bodies are chosen invalid or
 *   harmless so the matrix changes little), or a 404 of the thing inside the merchant (e.g. "User not found").
 * - `unauth`: 401.
 * - `hidden`: 404 from the access check: the same answer as for a merchant that does not exist.
 * - `open`: a public route: anything but a server error, whoever calls.
 */
type Outcome = 'allow' | 'unauth' | 'hidden' | 'open';
const ACTORS = [
  'anonymous',
  'expired',
  'tampered',
  'staff',
  'ownerA',
  'managerA1',
  'managerA2',
  'ownerB',
] as const;
type Caller = (typeof ACTORS)[number];
type Row = Record<Caller, Outcome>;

const row = (outcomes: Partial<Row> & { default: Outcome }): Row =>
  Object.fromEntries(ACTORS.map((actor) => [actor, outcomes[actor] ?? outcomes.default])) as Row;
const unauthenticated = { anonymous: 'unauth', expired: 'unauth', tampered: 'unauth' } as const;

const PUBLIC = row({ default: 'open' });
const SIGNED_IN = row({ ...unauthenticated, default: 'allow' });
const STAFF_ONLY = row({ ...unauthenticated, staff: 'allow', default: 'hidden' });
/** CompanyOwner-only permissions of merchant A (User:*, Company:*). */
const OWNER_A = row({ ...unauthenticated, staff: 'allow', ownerA: 'allow', default: 'hidden' });
/** Any member of merchant A. */
const MEMBER_A = row({ ...unauthenticated, ownerB: 'hidden', default: 'allow' });

interface Request {
  url: string;
  payload?: unknown;
}
type Build = (w: AccessWorld) => Request;

const m = (w: AccessWorld, path = '') => `/api/v1/merchants/${w.merchantA}${path}`;

/** One row per route: the expectation and a request for it. */
/** Transaction:ListTransactions on site A1 (owner, staff, the manager of A1; not the manager of A2). */
const SITE_A1 = row({ ...unauthenticated, managerA2: 'hidden', ownerB: 'hidden', default: 'allow' });

const MATRIX: Record<string, { expect: Row; request: Build }> = {
  'POST /api/identity/sign-in': {
    expect: PUBLIC,
    request: () => ({ url: '/api/identity/sign-in', payload: {} }),
  },
  'POST /api/identity/refresh': {
    expect: PUBLIC,
    request: () => ({ url: '/api/identity/refresh', payload: {} }),
  },
  'POST /api/identity/sign-out': {
    expect: PUBLIC,
    request: () => ({ url: '/api/identity/sign-out', payload: {} }),
  },
  'GET /api/identity/me': { expect: SIGNED_IN, request: () => ({ url: '/api/identity/me' }) },
  'PATCH /api/identity/me': {
    expect: SIGNED_IN,
    request: () => ({ url: '/api/identity/me', payload: { preferences: { locale: 'en-GB' } } }),
  },
  'POST /api/identity/change-password': {
    expect: SIGNED_IN,
    request: () => ({
      url: '/api/identity/change-password',
      payload: { currentPassword: 'Not-the-password-1', newPassword: 'Another-pass-2026' },
    }),
  },
  'POST /api/identity/sign-up': {
    expect: PUBLIC,
    request: () => ({ url: '/api/identity/sign-up', payload: {} }),
  },
  'POST /api/identity/confirm-sign-up': {
    expect: PUBLIC,
    request: () => ({ url: '/api/identity/confirm-sign-up', payload: {} }),
  },
  'POST /api/identity/resend-code': {
    expect: PUBLIC,
    request: () => ({ url: '/api/identity/resend-code', payload: {} }),
  },
  'POST /api/identity/new-password': {
    expect: PUBLIC,
    request: () => ({ url: '/api/identity/new-password', payload: {} }),
  },
  'POST /api/identity/forgot-password': {
    expect: PUBLIC,
    request: () => ({ url: '/api/identity/forgot-password', payload: {} }),
  },
  'POST /api/identity/confirm-forgot-password': {
    expect: PUBLIC,
    request: () => ({ url: '/api/identity/confirm-forgot-password', payload: {} }),
  },
  'GET /api/identity/oidc': { expect: PUBLIC, request: () => ({ url: '/api/identity/oidc' }) },
  'GET /api/identity/oidc/authorize': {
    expect: PUBLIC,
    request: () => ({ url: '/api/identity/oidc/authorize' }),
  },
  'GET /api/identity/oidc/callback': {
    expect: PUBLIC,
    request: () => ({ url: '/api/identity/oidc/callback' }),
  },
  'POST /api/identity/oidc/exchange': {
    expect: PUBLIC,
    request: () => ({ url: '/api/identity/oidc/exchange', payload: {} }),
  },
  'GET /api/.well-known/jwks.json': {
    expect: PUBLIC,
    request: () => ({ url: '/api/.well-known/jwks.json' }),
  },
  // Development only (absent in production, tested by identity-mail.test.ts).
  'GET /api/dev/outbox': { expect: PUBLIC, request: () => ({ url: '/api/dev/outbox' }) },
  'GET /api/healthz': { expect: PUBLIC, request: () => ({ url: '/api/healthz' }) },
  'GET /api/readyz': { expect: PUBLIC, request: () => ({ url: '/api/readyz' }) },
  // CORS preflight (@fastify/cors): answered before any route, never with data.
  'OPTIONS *': { expect: PUBLIC, request: () => ({ url: '/api/merchants' }) },
  'GET /api/openapi.json': { expect: PUBLIC, request: () => ({ url: '/api/openapi.json' }) },
  'GET /api/merchants': { expect: SIGNED_IN, request: () => ({ url: '/api/merchants' }) },
  'GET /api/v1/merchants/:id': { expect: MEMBER_A, request: (w) => ({ url: m(w) }) },
  'PUT /api/v1/merchants/:id': { expect: OWNER_A, request: (w) => ({ url: m(w), payload: {} }) },
  'GET /api/v1/merchants/staff-search': {
    expect: STAFF_ONLY,
    request: () => ({ url: '/api/v1/merchants/staff-search?name=matrix' }),
  },
  'GET /api/v1/merchants/:id/users': { expect: OWNER_A, request: (w) => ({ url: m(w, '/users') }) },
  'POST /api/v1/merchants/:id/users': {
    expect: OWNER_A,
    request: (w) => ({ url: m(w, '/users'), payload: {} }),
  },
  'GET /api/v1/merchants/:id/users/:userId': {
    expect: OWNER_A,
    request: (w) => ({ url: m(w, `/users/${w.users.managerA1.id}`) }),
  },
  'POST /api/v1/merchants/:id/users/:userId': {
    expect: OWNER_A,
    request: (w) => ({ url: m(w, `/users/${w.users.managerA1.id}`), payload: {} }),
  },
  'POST /api/v1/merchants/:id/users/:userId/reset-password': {
    expect: OWNER_A,
    request: (w) => ({ url: m(w, `/users/${randomUUID()}/reset-password`), payload: {} }),
  },
  'DELETE /api/v1/merchants/:id/users/:userId': {
    expect: OWNER_A,
    request: (w) => ({ url: m(w, `/users/${randomUUID()}`) }),
  },
  'GET /api/v1/merchants/:id/override': { expect: STAFF_ONLY, request: (w) => ({ url: m(w, '/override') }) },
  'POST /api/v1/merchants/:id/override': {
    expect: STAFF_ONLY,
    request: (w) => ({ url: m(w, '/override'), payload: {} }),
  },
  'DELETE /api/v1/merchants/:id/override': {
    expect: STAFF_ONLY,
    request: (w) => ({ url: m(w, '/override') }),
  },
  'POST /api/v1/merchants/:id/transfer': {
    expect: STAFF_ONLY,
    request: (w) => ({ url: m(w, '/transfer'), payload: {} }),
  },
  'POST /api/v1/merchants/:id/churn': {
    expect: STAFF_ONLY,
    request: (w) => ({ url: m(w, '/churn'), payload: { delayDays: -1 } }),
  },
  'POST /api/v1/merchants/:id/block': {
    expect: STAFF_ONLY,
    request: (w) => ({ url: m(w, '/block'), payload: {} }),
  },
  'POST /api/v1/merchants/:id/unblock': { expect: STAFF_ONLY, request: (w) => ({ url: m(w, '/unblock') }) },
  'GET /api/v1/merchants/:id/rates': { expect: OWNER_A, request: (w) => ({ url: m(w, '/rates') }) },
  'PUT /api/v1/merchants/:id/rates': {
    expect: STAFF_ONLY,
    request: (w) => ({ url: m(w, '/rates'), payload: {} }),
  },
  'POST /api/v1/merchants/:id/rates/associate': {
    expect: STAFF_ONLY,
    request: (w) => ({ url: m(w, '/rates/associate') }),
  },
  'POST /api/v1/merchants/:id/deactivate': {
    expect: OWNER_A,
    request: (w) => ({ url: m(w, '/deactivate') }),
  },
  // Without siteId every member with the permission on some site passes (sums narrowed to their sites, see
  // transactions-totals.test.ts); with site A1's id the manager of A2 is turned away.
  'GET /api/v1/merchants/:id/transactions/totals': {
    expect: SITE_A1,
    request: (w) => ({ url: m(w, `/transactions/totals?siteId=${w.siteA1}`) }),
  },
  'GET /api/v1/merchants/:id/audit-log': { expect: OWNER_A, request: (w) => ({ url: m(w, '/audit-log') }) },
  'GET /api/merchants/:id/sites': {
    expect: MEMBER_A,
    request: (w) => ({ url: `/api/merchants/${w.merchantA}/sites` }),
  },
};

const DENIAL_MESSAGES = new Set(['Merchant not found', 'Not found']);

describe('authorization matrix: every route × every caller', () => {
  let t: TestApp;
  let w: AccessWorld;
  const headers = {} as Record<Caller, Record<string, string>>;
  const clock = fixedClock(new Date('2026-03-01T12:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp({ clock });
    w = await createAccessWorld(t.app, 'Matrix');
    // A token that expired an hour ago: issued two hours back, then the clock returns to now.
    clock.advance(-2 * 3_600_000);
    const expired = await signIn(t.app, w.users.ownerA.email, PASSWORD);
    clock.advance(2 * 3_600_000);
    // A tampered token: ownerA's, with the claims rewritten to say Staff; the signature no longer matches.
    const [head, body, signature] = w.tokens.ownerA.split('.');
    const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, groups: ['Staff'] })).toString('base64url');
    headers.anonymous = {};
    headers.expired = { authorization: `Bearer ${expired}` };
    headers.tampered = { authorization: `Bearer ${head}.${forged}.${signature}` };
    for (const actor of ['staff', 'ownerA', 'managerA1', 'managerA2', 'ownerB'] as const) {
      headers[actor] = w.headers(actor);
    }
  });
  afterAll(() => t.close());

  it('has a row for every registered route, and no row for a route that is gone', () => {
    const registered = t.app.routeCatalog.map((route) => `${route.method} ${route.url}`).sort();
    expect(registered.filter((key) => !(key in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((key) => !registered.includes(key))).toEqual([]);
  });

  it('has a declared merchant access check on every /api/merchants/:id and /api/v1/merchants/:id route', () => {
    const undeclared = t.app.routeCatalog
      .filter((route) => MERCHANT_PATH.test(route.url) && route.access?.kind !== 'merchant')
      .map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  for (const [route, { expect: expected }] of Object.entries(MATRIX)) {
    it(`${route}: ${ACTORS.map((actor) => `${actor}=${expected[actor]}`).join(' ')}`, async () => {
      const [method = 'GET'] = route.split(' ');
      const cells: string[] = [];
      for (const actor of ACTORS) {
        const request = MATRIX[route]?.request(w) as Request;
        const res = await t.app.inject({
          method: method as 'GET',
          url: request.url,
          headers: { ...headers[actor], 'x-forwarded-for': `10.0.${ACTORS.indexOf(actor)}.1` },
          ...(request.payload !== undefined ? { payload: request.payload as object } : {}),
        });
        const body = res.headers['content-type']?.includes('json') ? res.json() : {};
        const denied404 = res.statusCode === 404 && DENIAL_MESSAGES.has(body?.error?.message);
        const outcome: Outcome | 'server-error' | 'other' =
          res.statusCode >= 500
            ? 'server-error'
            : expected[actor] === 'open'
              ? 'open'
              : res.statusCode === 401
                ? 'unauth'
                : denied404
                  ? 'hidden'
                  : res.statusCode === 403
                    ? 'other'
                    : 'allow';
        if (outcome !== expected[actor])
          cells.push(
            `${actor}: expected ${expected[actor]}, got ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
      }
      expect(cells).toEqual([]);
    });
  }
});
