import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/identity/passwords.ts';
import { createIdentityRepository } from '../src/identity/repository.ts';
import { createIdentityTestApp } from './identity-test-app.ts';

type TestApp = Awaited<ReturnType<typeof createIdentityTestApp>>;
let t: TestApp;
let userUuid: string;

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const signIn = async (email = 'sam@example.com', password = 'Passw0rd!') =>
  (await post('/api/identity/sign-in', { email, password })).json().data;

beforeAll(async () => {
  t = await createIdentityTestApp();
  const user = await createIdentityRepository(t.database.db).insertUser(
    { email: 'sam@example.com', passwordHash: await hashPassword('Passw0rd!'), status: 'confirmed' },
    ['Merchant'],
  );
  userUuid = user?.id ?? '';
});
afterAll(() => t.close());

describe('refresh', () => {
  it('rotates the refresh token and returns new tokens', async () => {
    const first = await signIn();
    const refreshed = await post('/api/identity/refresh', { refreshToken: first.refreshToken });
    expect(refreshed.statusCode).toBe(200);
    const { data } = refreshed.json();
    expect(data.refreshToken).not.toBe(first.refreshToken);
    expect(data.user.email).toBe('sam@example.com');
    const again = await post('/api/identity/refresh', { refreshToken: data.refreshToken });
    expect(again.statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated refresh token is used again', async () => {
    const first = await signIn();
    const second = (await post('/api/identity/refresh', { refreshToken: first.refreshToken })).json().data;
    const reuse = await post('/api/identity/refresh', { refreshToken: first.refreshToken });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error).toEqual({
      code: 'INVALID_REFRESH_TOKEN',
      message: 'Your session has expired. Please sign in again.',
    });
    // The legitimate holder's newer token died with the family.
    expect((await post('/api/identity/refresh', { refreshToken: second.refreshToken })).statusCode).toBe(401);
  });

  it('leaves other sessions alone when one family is revoked', async () => {
    const a = await signIn();
    const b = await signIn();
    await post('/api/identity/refresh', { refreshToken: a.refreshToken });
    await post('/api/identity/refresh', { refreshToken: a.refreshToken });
    expect((await post('/api/identity/refresh', { refreshToken: b.refreshToken })).statusCode).toBe(200);
  });

  it('refuses an unknown refresh token and an expired one', async () => {
    expect((await post('/api/identity/refresh', { refreshToken: 'x'.repeat(43) })).statusCode).toBe(401);
    const session = await signIn();
    t.advance(31 * 24 * 3600_000);
    expect((await post('/api/identity/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(
      401,
    );
  });
});

describe('sign-out', () => {
  it('revokes the refresh token so it cannot be refreshed', async () => {
    const session = await signIn();
    const out = await post('/api/identity/sign-out', { refreshToken: session.refreshToken });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ data: { ok: true } });
    expect((await post('/api/identity/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(
      401,
    );
  });
});

describe('disabled users', () => {
  it('can no longer refresh nor sign in once disabled, and sign in again once enabled', async () => {
    const session = await signIn();
    await t.identity.service.adminSetDisabled(userUuid, true);
    expect((await post('/api/identity/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(
      401,
    );
    const denied = await post('/api/identity/sign-in', { email: 'sam@example.com', password: 'Passw0rd!' });
    expect(denied.statusCode).toBe(401);
    expect(denied.json().error.message).toBe('Incorrect email or password');
    await t.identity.service.adminSetDisabled(userUuid, false);
    expect((await signIn()).accessToken).toBeTruthy();
  });
});

describe('me', () => {
  it('updates the locale preference and rejects a locale outside the four', async () => {
    const session = await signIn();
    const headers = { authorization: `Bearer ${session.accessToken}` };
    const updated = await t.app.inject({
      method: 'PATCH',
      url: '/api/identity/me',
      headers,
      payload: { preferences: { locale: 'fr-FR' } },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.preferences).toEqual({ locale: 'fr-FR' });
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/identity/me',
      headers,
      payload: { preferences: { locale: 'de-DE' } },
    });
    expect(bad.statusCode).toBe(400);
    const me = await t.app.inject({ url: '/api/identity/me', headers });
    expect(me.json().data.preferences.locale).toBe('fr-FR');
  });

  it('changes the password and ends the other sessions but not this one', async () => {
    const other = await signIn();
    const current = await signIn();
    const changed = await post(
      '/api/identity/change-password',
      { currentPassword: 'Passw0rd!', newPassword: 'N3wPassword' },
      { authorization: `Bearer ${current.accessToken}` },
    );
    expect(changed.statusCode).toBe(200);
    expect((await post('/api/identity/refresh', { refreshToken: other.refreshToken })).statusCode).toBe(401);
    expect((await post('/api/identity/refresh', { refreshToken: current.refreshToken })).statusCode).toBe(
      200,
    );
    expect((await signIn('sam@example.com', 'N3wPassword')).accessToken).toBeTruthy();
  });
});
