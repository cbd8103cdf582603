import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { userGroups, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/identity/passwords.ts';
import { totpCode } from '../src/identity/totp.ts';
import { type AccessWorld, createAccessWorld, PASSWORD } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { bearer } from './helpers/auth.ts';

// Issue 15 (PCI DSS 4.0 8.4): staff powers need a session that passed a second factor.

describe('staff powers need a second factor', () => {
  let t: TestApp;
  let w: AccessWorld;
  const clock = fixedClock(new Date('2026-03-01T10:00:00Z'));

  const post = (url: string, payload?: object, token?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      ...(payload ? { payload } : {}),
      ...(token ? { headers: bearer(token) } : {}),
    });

  /** A fresh staff user, signed in with the password only (a session that passed no second factor). */
  async function staffWithoutFactor(name: string) {
    const id = randomUUID();
    const email = `${name}@staff.example.com`;
    await t.app.db.insert(users).values({
      id,
      userId: id,
      email,
      passwordHash: await hashPassword(PASSWORD),
      status: 'confirmed',
      emailVerified: true,
    });
    await t.app.db.insert(userGroups).values({ userId: id, groupName: 'Staff' });
    const signIn = async () => {
      const res = await post('/api/identity/sign-in', { email, password: PASSWORD });
      return res.json().data as { accessToken: string; refreshToken: string; user: { twoFactor: object } };
    };
    return { email, signIn };
  }

  beforeAll(async () => {
    t = await createTestApp({ clock });
    w = await createAccessWorld(t.app, 'Mfa');
  });
  afterAll(() => t.close());

  it('refuses every staff-only route (search, override, rates, transfer, churn, block, settings) with 403 SECOND_FACTOR_REQUIRED', async () => {
    const staff = await staffWithoutFactor('every-route');
    const session = await staff.signIn();
    expect(session.user.twoFactor).toEqual({ enabled: false, verified: false });
    const staffRoutes = t.app.routeCatalog.filter(
      (route) =>
        route.access?.kind === 'staff' || (route.access?.kind === 'merchant' && route.access.staffOnly),
    );
    // Every power the issue names is among them.
    const urls = staffRoutes.map((route) => `${route.method} ${route.url}`).join('\n');
    for (const power of ['staff-search', 'override', 'transfer', 'churn', 'block', 'rates'])
      expect(urls).toContain(power);
    for (const route of staffRoutes) {
      const url = route.url.replace(':id', w.merchantA).replace(/:[A-Za-z]+/g, randomUUID());
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: url.includes('staff-search') ? `${url}?name=mfa` : url,
        headers: bearer(session.accessToken),
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
      });
      expect(res.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    }
    // Reading any merchant as staff (no member) is a staff power too.
    const read = await t.app.inject({
      url: `/api/v1/merchants/${w.merchantA}`,
      headers: bearer(session.accessToken),
    });
    expect(read.statusCode).toBe(403);
  });

  it('opens them once the session sets up an authenticator app and refreshes its tokens', async () => {
    const staff = await staffWithoutFactor('set-up');
    const session = await staff.signIn();
    const search = () =>
      t.app.inject({
        url: '/api/v1/merchants/staff-search?name=mfa',
        headers: bearer(current),
      });
    let current = session.accessToken;
    expect((await search()).statusCode).toBe(403);
    const setup = await post('/api/identity/factors/totp', undefined, current);
    const secret = setup.json().data.secret as string;
    expect(
      (await post('/api/identity/factors/totp/confirm', { code: totpCode(secret, clock.now()) }, current))
        .statusCode,
    ).toBe(200);
    // The access token in hand still says what its sign-in passed; the refreshed one carries mfa.
    expect((await search()).statusCode).toBe(403);
    const refreshed = await post('/api/identity/refresh', { refreshToken: session.refreshToken });
    expect(refreshed.json().data.user.twoFactor).toEqual({ enabled: true, verified: true });
    current = refreshed.json().data.accessToken;
    expect((await search()).statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/identity/me', headers: bearer(current) });
    expect(me.json().data.twoFactor).toEqual({ enabled: true, verified: true });
  });

  it('lets another session without the factor step up with a code (wrong codes are counted); a refresh then carries mfa', async () => {
    const staff = await staffWithoutFactor('step-up');
    const other = await staff.signIn();
    const first = await staff.signIn();
    const setup = await post('/api/identity/factors/totp', undefined, first.accessToken);
    const secret = setup.json().data.secret as string;
    await post(
      '/api/identity/factors/totp/confirm',
      { code: totpCode(secret, clock.now()) },
      first.accessToken,
    );
    clock.advance(60_000);

    // The other session, signed in before the factor existed, has no mfa.
    const refreshed = (await post('/api/identity/refresh', { refreshToken: other.refreshToken })).json().data;
    expect(refreshed.user.twoFactor).toEqual({ enabled: true, verified: false });
    const bad = await post(
      '/api/identity/factors/verify-session',
      { code: 'x'.repeat(30) },
      refreshed.accessToken,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('code');
    const wrongCode = totpCode(secret, clock.now()) === '123456' ? '654321' : '123456';
    const wrong = await post(
      '/api/identity/factors/verify-session',
      { code: wrongCode },
      refreshed.accessToken,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('CODE_MISMATCH');
    // A password alone cannot remove the factor from a session that did not pass it.
    const removal = await post(
      '/api/identity/factors/totp/remove',
      { password: PASSWORD },
      refreshed.accessToken,
    );
    expect(removal.statusCode).toBe(400);
    expect(removal.json().error.details[0].field).toBe('code');

    const ok = await post(
      '/api/identity/factors/verify-session',
      { code: totpCode(secret, clock.now()) },
      refreshed.accessToken,
    );
    expect(ok.statusCode).toBe(200);
    const upgraded = (await post('/api/identity/refresh', { refreshToken: refreshed.refreshToken })).json()
      .data;
    expect(upgraded.user.twoFactor).toEqual({ enabled: true, verified: true });
    const search = await t.app.inject({
      url: '/api/v1/merchants/staff-search?name=mfa',
      headers: bearer(upgraded.accessToken),
    });
    expect(search.statusCode).toBe(200);
  });

  it('answers 401 to a step-up without a session, and 409 to a user without a factor', async () => {
    expect((await post('/api/identity/factors/verify-session', { code: '123456' })).statusCode).toBe(401);
    const staff = await staffWithoutFactor('no-factor');
    const session = await staff.signIn();
    const res = await post('/api/identity/factors/verify-session', { code: '123456' }, session.accessToken);
    expect(res.statusCode).toBe(409);
  });
});
