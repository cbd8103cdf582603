import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { safeRedirect } from '../src/identity/oidc-client.ts';
import { createIdentityTestApp } from './identity-test-app.ts';

type TestApp = Awaited<ReturnType<typeof createIdentityTestApp>>;
let t: TestApp;
let providerServer: Server;
let issuer = '';

const accounts: Record<string, Record<string, unknown>> = {
  'ada-sub': { email: 'ada@example.com', email_verified: true, given_name: 'Ada', family_name: 'Lovelace' },
  'unverified-sub': { email: 'unverified@example.com', email_verified: false },
  'eve-sub': { email: 'eve@example.com', email_verified: true, given_name: 'Eve' },
  'owner-sub': { email: 'owner@example.com', email_verified: true, given_name: 'Olive' },
};

/** Drives the provider's development login and consent pages as a browser would, keeping its cookies. */
async function browserThroughProvider(authorizeUrl: string, accountId: string): Promise<string> {
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      cookies.set(name, value);
    }
  };
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = authorizeUrl;
  for (let hop = 0; hop < 20; hop++) {
    if (!url.startsWith(issuer)) return url; // back at our callback
    let response = await fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader() } });
    keep(response);
    if (response.status === 200) {
      const html = await response.text();
      const action = /action="([^"]+)"/.exec(html)?.[1] ?? '';
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1] ?? '';
      const form = new URLSearchParams({
        prompt,
        ...(prompt === 'login' ? { login: accountId, password: 'x' } : {}),
      });
      response = await fetch(new URL(action, url), {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      keep(response);
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`provider stopped at HTTP ${response.status}`);
    url = new URL(location, url).toString();
  }
  throw new Error('too many redirects');
}

beforeAll(async () => {
  providerServer = createServer();
  await new Promise<void>((resolve) => providerServer.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(providerServer.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'portal',
        client_secret: 'portal-secret',
        redirect_uris: ['http://localhost:3000/api/identity/oidc/callback'],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    findAccount: (_ctx: unknown, id: string) =>
      accounts[id] ? { accountId: id, claims: () => ({ sub: id, ...accounts[id] }) } : undefined,
  });
  providerServer.on('request', provider.callback());
  t = await createIdentityTestApp({
    oidc: {
      issuer,
      clientId: 'portal',
      clientSecret: 'portal-secret',
      redirectUri: 'http://localhost:3000/api/identity/oidc/callback',
    },
    // Behind a TLS-terminating proxy, as in production: X-Forwarded-Proto says whether the browser used HTTPS.
    env: { TRUST_PROXY: 'true' },
  });
}, 30_000);
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => providerServer.close(resolve));
});

/** The `mp_oidc` cookie a response sets, as a browser would send it back (`name=value`), and its attributes. */
function browserCookie(response: { headers: Record<string, unknown> }) {
  const lines = [response.headers['set-cookie'] ?? []].flat() as string[];
  const line = lines.find((l) => l.startsWith('mp_oidc=')) ?? '';
  return { pair: line.split(';')[0] ?? '', line };
}

/** The start of a flow in one browser: the provider's URL and the cookie the browser now holds. */
async function startFlow(redirect = '/transactions') {
  const start = await t.app.inject({
    url: `/api/identity/oidc/authorize?redirect=${encodeURIComponent(redirect)}`,
  });
  expect(start.statusCode).toBe(302);
  const authorizeUrl = new URL(start.headers.location as string);
  expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorizeUrl.searchParams.get('scope')).toBe('openid email profile');
  return { authorizeUrl, cookie: browserCookie(start) };
}

/** The callback with the cookie given (none: a browser that did not start the flow); where it sends the browser. */
async function callback(callbackUrl: URL, cookie: string | undefined) {
  const res = await t.app.inject({
    url: `${callbackUrl.pathname}${callbackUrl.search}`,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode).toBe(302);
  return { landing: new URL(res.headers.location as string), cookie: browserCookie(res) };
}

const exchange = (code: string | null, cookie: string | undefined) =>
  t.app.inject({
    method: 'POST',
    url: '/api/identity/oidc/exchange',
    payload: { code },
    headers: cookie ? { cookie } : {},
  });

/** A whole flow in one browser: the landing on /signin and the cookie that browser holds for the exchange. */
async function socialSignIn(accountId: string, redirect = '/transactions') {
  const { authorizeUrl, cookie } = await startFlow(redirect);
  const callbackUrl = new URL(await browserThroughProvider(authorizeUrl.toString(), accountId));
  const back = await callback(callbackUrl, cookie.pair);
  return { landing: back.landing, cookie: back.cookie.pair || cookie.pair };
}

describe('social sign-in against a real OpenID provider', () => {
  it('says whether it is configured', async () => {
    expect((await t.app.inject({ url: '/api/identity/oidc' })).json()).toEqual({ data: { enabled: true } });
  });

  it('creates and links a user, then hands the session over with a one-time code', async () => {
    const { landing, cookie } = await socialSignIn('ada-sub');
    expect(landing.pathname).toBe('/signin');
    expect(landing.searchParams.get('redirect')).toBe('/transactions');
    const code = landing.searchParams.get('social') ?? '';
    const first = await exchange(code, cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.user).toMatchObject({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      // Decision 0012: an account created by social sign-in is configured and goes on to onboarding.
      groups: ['Merchants'],
      isConfigured: true,
    });
    // The exchange ends the browser's binding: the cookie is cleared.
    expect(browserCookie(first).line).toMatch(/^mp_oidc=;.*Max-Age=0/);
    const again = await exchange(code, cookie);
    expect(again.statusCode).toBe(400);
    // A second social sign-in finds the same user through the link.
    const second = await socialSignIn('ada-sub');
    const session = (await exchange(second.landing.searchParams.get('social'), second.cookie)).json().data;
    expect(session.user.id).toBe(first.json().data.user.id);
  }, 30_000);

  it('binds the flow to the browser that started it with a short-lived HttpOnly cookie on the OIDC path', async () => {
    const { cookie } = await startFlow();
    expect(cookie.pair).toMatch(/^mp_oidc=[\w-]{43}$/);
    const attributes = cookie.line.split(';').map((a) => a.trim());
    expect(attributes).toEqual(
      expect.arrayContaining(['Path=/api/identity/oidc', 'Max-Age=600', 'HttpOnly', 'SameSite=Lax']),
    );
    // Plain HTTP here; over HTTPS the cookie is Secure.
    expect(attributes).not.toContain('Secure');
    const overHttps = await t.app.inject({
      url: '/api/identity/oidc/authorize',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(
      browserCookie(overHttps)
        .line.split(';')
        .map((a) => a.trim()),
    ).toContain('Secure');
  });

  it('refuses a callback in a browser that did not start the flow (login CSRF): no account, no session', async () => {
    // The attacker starts the flow and signs in at the provider with their own account, then sends the victim
    // the callback URL: the victim's browser has no cookie, or the one of a flow of its own.
    const attacker = await startFlow();
    const callbackUrl = new URL(await browserThroughProvider(attacker.authorizeUrl.toString(), 'eve-sub'));
    const victimsOwn = await startFlow();
    for (const cookie of [undefined, victimsOwn.cookie.pair]) {
      const { landing, cookie: set } = await callback(callbackUrl, cookie);
      expect(landing.pathname).toBe('/signin');
      expect(landing.searchParams.get('social_error')).toBe('1');
      expect(landing.searchParams.get('social')).toBeNull();
      if (cookie) expect(set.line).toMatch(/^mp_oidc=;.*Max-Age=0/);
    }
    expect(await t.database.db.select().from(users).where(eq(users.email, 'eve@example.com'))).toEqual([]);
  }, 30_000);

  it('refuses the hand-off code in a browser other than the one the flow ran in', async () => {
    const { landing, cookie } = await socialSignIn('ada-sub');
    const code = landing.searchParams.get('social');
    expect(code).toBeTruthy();
    // The attacker's /signin?social=… link opened in the victim's browser: no cookie, or another flow's.
    const other = await startFlow();
    for (const elsewhere of [undefined, other.cookie.pair]) {
      const res = await exchange(code, elsewhere);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('SOCIAL_SIGN_IN_FAILED');
      expect(res.json().data).toBeUndefined();
      if (elsewhere) expect(browserCookie(res).line).toMatch(/^mp_oidc=;.*Max-Age=0/);
    }
    // In the browser that ran the flow it still works.
    expect((await exchange(code, cookie)).statusCode).toBe(200);
  }, 30_000);

  it('refuses a provider account whose e-mail is not verified, and says so only in the log', async () => {
    const { landing } = await socialSignIn('unverified-sub');
    expect(landing.searchParams.get('social_error')).toBe('1');
    expect(landing.searchParams.get('social')).toBeNull();
  }, 30_000);

  it('keeps nothing of an unconfirmed sign-up it confirms: its password, phone number and custom id are dropped', async () => {
    // Someone signs up with the owner's address and their own password, and never confirms (they cannot).
    const attackerPassword = 'Att4ckerPassw0rd';
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-up',
      payload: {
        email: 'owner@example.com',
        phone_number: '+442079460999',
        password: attackerPassword,
        userId: 'planted-id',
      },
    });
    expect(signUp.statusCode).toBe(201);
    // The owner signs in with the provider, which vouches for the address, and uses the account.
    const { landing, cookie } = await socialSignIn('owner-sub');
    const exchanged = await exchange(landing.searchParams.get('social'), cookie);
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.json().data.user.email).toBe('owner@example.com');
    // The password the unproven sign-up chose no longer signs in.
    const attacker = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in',
      payload: { email: 'owner@example.com', password: attackerPassword },
    });
    expect(attacker.statusCode).toBe(401);
    expect(exchanged.json().data.user.id).not.toBe('planted-id');
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'owner@example.com'));
    expect(row).toMatchObject({
      passwordHash: null,
      phoneNumber: null,
      status: 'confirmed',
      emailVerified: true,
    });
    // The owner's session goes on working.
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/identity/refresh',
      payload: { refreshToken: exchanged.json().data.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
  }, 30_000);

  it('refuses a forged or replayed state', async () => {
    const { cookie } = await startFlow();
    const { landing } = await callback(
      new URL('http://x/api/identity/oidc/callback?code=abc&state=forged'),
      cookie.pair,
    );
    expect(landing.searchParams.get('social_error')).toBe('1');
  });

  it('never carries a return target to another site', async () => {
    const { landing } = await socialSignIn('ada-sub', '//evil.example/steal');
    expect(landing.origin).toBe('http://localhost:3000');
    expect(landing.searchParams.get('social')).toBeTruthy();
    expect(landing.searchParams.get('redirect')).toBeNull();
  }, 30_000);

  it('drops a return target with a tab, line break or backslash in it (a browser reads "/\\t/x" as "//x")', () => {
    for (const sneaky of ['/\t/evil.example', '/\n/evil.example', '/a\\evil.example'])
      expect(safeRedirect(sneaky), JSON.stringify(sneaky)).toBeUndefined();
    expect(safeRedirect('/transactions?siteId=s1')).toBe('/transactions?siteId=s1');
  });
});
