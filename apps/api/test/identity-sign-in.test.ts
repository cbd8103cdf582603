import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/identity/passwords.ts';
import { createIdentityRepository } from '../src/identity/repository.ts';
import { createIdentityTestApp } from './identity-test-app.ts';

type TestApp = Awaited<ReturnType<typeof createIdentityTestApp>>;
let t: TestApp;

async function createUser(
  email: string,
  password: string,
  values: Record<string, unknown> = {},
  groups: string[] = [],
) {
  const repository = createIdentityRepository(t.database.db);
  const user = await repository.insertUser(
    {
      email,
      passwordHash: await hashPassword(password),
      status: 'confirmed',
      emailVerified: true,
      ...values,
    },
    groups,
  );
  if (!user) throw new Error('user not created');
  return user;
}

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

beforeAll(async () => {
  t = await createIdentityTestApp();
  await createUser('owner@example.com', 'Passw0rd!', { firstName: 'Olive', lastName: 'Owner' }, ['Merchant']);
  await createUser('staff@example.com', 'Passw0rd!', {}, ['Staff']);
});
afterAll(() => t.close());

describe('sign-in', () => {
  it('returns an id token, an access token, a refresh token, the expiry and the user', async () => {
    const response = await post('/api/identity/sign-in', {
      email: 'Owner@Example.com ',
      password: 'Passw0rd!',
    });
    expect(response.statusCode).toBe(200);
    // Tokens are never stored by a browser's or a proxy's cache (RFC 6749 §5.1's rule for token answers).
    expect(response.headers['cache-control']).toBe('no-store');
    const { data } = response.json();
    expect(data.user).toEqual({
      id: expect.any(String),
      email: 'owner@example.com',
      groups: ['Merchant'],
      isConfigured: true,
      firstName: 'Olive',
      lastName: 'Owner',
      preferences: { locale: 'en-GB' },
      twoFactor: { enabled: false, verified: false },
    });
    expect(new Date(data.expiresAt).getTime() - Date.parse('2026-03-02T09:00:00Z')).toBe(15 * 60_000);
    expect(data.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const idClaims = decodeJwt(data.idToken);
    expect(idClaims).toMatchObject({ email: 'owner@example.com', groups: ['Merchant'], locale: 'en-GB' });
    expect(idClaims.user_id).toBe(data.user.id);
  });

  it('answers "Incorrect email or password" alike for a wrong password and an unknown user', async () => {
    const wrong = await post('/api/identity/sign-in', { email: 'owner@example.com', password: 'Nope1234' });
    const unknown = await post('/api/identity/sign-in', {
      email: 'nobody@example.com',
      password: 'Nope1234',
    });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'INCORRECT_CREDENTIALS', message: 'Incorrect email or password' },
      });
    }
  });

  it('asks an unconfirmed user to confirm the sign-up', async () => {
    await createUser('new@example.com', 'Passw0rd!', { status: 'unconfirmed', emailVerified: false });
    const response = await post('/api/identity/sign-in', { email: 'new@example.com', password: 'Passw0rd!' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { challenge: 'CONFIRM_SIGN_UP' } });
  });

  it('answers "Oops, something went wrong. Please try again later" for anything else (SPEC §8)', async () => {
    // A status this version does not know (e.g. written by a newer release) is "anything else".
    await createUser('odd@example.com', 'Passw0rd!', { status: 'archived' });
    const response = await post('/api/identity/sign-in', { email: 'odd@example.com', password: 'Passw0rd!' });
    expect(response.statusCode).toBe(500);
    expect(response.json().error).toEqual({
      code: 'SIGN_IN_FAILED',
      message: 'Oops, something went wrong. Please try again later',
    });
  });

  it('rejects a missing or invalid e-mail with the field and the rule', async () => {
    const response = await post('/api/identity/sign-in', { email: 'not-an-email', password: '' });
    expect(response.statusCode).toBe(400);
  });
});

describe('tokens and the actor', () => {
  it('publishes a JWKS that verifies the issued tokens', async () => {
    const signIn = (
      await post('/api/identity/sign-in', { email: 'staff@example.com', password: 'Passw0rd!' })
    ).json();
    const jwks = (await t.app.inject({ url: '/api/.well-known/jwks.json' })).json();
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(jwks.keys[0].d).toBeUndefined();
    const keySet = createLocalJWKSet(jwks);
    const access = await jwtVerify(signIn.data.accessToken, keySet, {
      currentDate: new Date('2026-03-02T09:00:00Z'),
    });
    expect(access.protectedHeader).toMatchObject({ alg: 'ES256', typ: 'at+jwt' });
    expect(access.payload).toMatchObject({ email: 'staff@example.com', groups: ['Staff'] });
    const id = await jwtVerify(signIn.data.idToken, keySet, {
      currentDate: new Date('2026-03-02T09:00:00Z'),
    });
    expect(id.payload.sub).toBe(access.payload.sub);
  });

  it('resolves the bearer token to the user on GET /me', async () => {
    const signIn = (
      await post('/api/identity/sign-in', { email: 'owner@example.com', password: 'Passw0rd!' })
    ).json();
    const me = await t.app.inject({
      url: '/api/identity/me',
      headers: { authorization: `Bearer ${signIn.data.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe('owner@example.com');
  });

  it('answers 401 for a missing, tampered, id-token or expired bearer token', async () => {
    const signIn = (
      await post('/api/identity/sign-in', { email: 'owner@example.com', password: 'Passw0rd!' })
    ).json();
    const me = (authorization?: string) =>
      t.app.inject({ url: '/api/identity/me', headers: authorization ? { authorization } : {} });
    const missing = await me();
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error.code).toBe('UNAUTHENTICATED');
    const [header, payload, signature] = signIn.data.accessToken.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...decodeJwt(signIn.data.accessToken), groups: ['Staff'] }),
    ).toString('base64url');
    expect((await me(`Bearer ${header}.${forged}.${signature}`)).json().error.code).toBe('INVALID_TOKEN');
    expect((await me(`Bearer ${header}.${payload}.${signature.slice(0, -4)}AAAA`)).statusCode).toBe(401);
    expect((await me(`Bearer ${signIn.data.idToken}`)).json().error.code).toBe('INVALID_TOKEN');
    t.advance(15 * 60_000 + 1000);
    const expired = await me(`Bearer ${signIn.data.accessToken}`);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toEqual({
      code: 'TOKEN_EXPIRED',
      message: 'Your session has expired. Please sign in again.',
    });
  });
});
