import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, refreshTokens } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/identity/passwords.ts';
import { createIdentityRepository } from '../src/identity/repository.ts';
import { parseUserAgent } from '../src/identity/user-agent.ts';
import { createIdentityTestApp } from './identity-test-app.ts';

// Issue 15: see and end your sessions; an ended session's access tokens stop working within the cache window.

type TestApp = Awaited<ReturnType<typeof createIdentityTestApp>>;
const CACHE_SECONDS = 5;
const PASSWORD = 'Passw0rd!';
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

let t: TestApp;
/** A second API instance on the same database: its own session-check cache and clock. */
let other: TestApp;

interface Session {
  accessToken: string;
  refreshToken: string;
}

async function createUser(email: string) {
  await createIdentityRepository(t.database.db).insertUser(
    { email, passwordHash: await hashPassword(PASSWORD), status: 'confirmed' },
    ['Merchant'],
  );
}

async function signIn(email: string, userAgent = CHROME_MAC): Promise<Session> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/identity/sign-in',
    payload: { email, password: PASSWORD },
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const auth = (session: Session) => ({ authorization: `Bearer ${session.accessToken}` });
const list = (session: Session, app: TestApp = t) =>
  app.app.inject({ url: '/api/identity/sessions', headers: auth(session) });
const me = (session: Session, app: TestApp = t) =>
  app.app.inject({ url: '/api/identity/me', headers: auth(session) });
const end = (session: Session, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/identity/sessions/${id}`, headers: auth(session) });
const refresh = (session: Session) =>
  t.app.inject({
    method: 'POST',
    url: '/api/identity/refresh',
    payload: { refreshToken: session.refreshToken },
  });

beforeAll(async () => {
  const env = { SESSION_CHECK_CACHE_SECONDS: String(CACHE_SECONDS) };
  t = await createIdentityTestApp({ env });
  other = await createIdentityTestApp({ env, database: t.database });
});
afterAll(async () => {
  await other.app.close();
  await t.close();
});

describe('the sessions list', () => {
  it('lists the signed-in user’s open sessions with browser, device, IP, first and last seen; the current one marked', async () => {
    await createUser('list@example.com');
    const desk = await signIn('list@example.com', CHROME_MAC);
    t.advance(60_000);
    const phone = await signIn('list@example.com', SAFARI_IPHONE);
    t.advance(60_000);
    const res = await list(desk);
    expect(res.statusCode).toBe(200);
    const sessions = res.json().data as Record<string, unknown>[];
    expect(sessions).toHaveLength(2);
    const current = sessions.find((s) => s.current);
    const notCurrent = sessions.find((s) => !s.current);
    expect(current).toMatchObject({
      browser: 'Chrome 131',
      os: 'macOS',
      device: 'desktop',
      ip: '127.0.0.1',
      firstSeenAt: '2026-03-02T09:00:00.000Z',
      // This request was checked against the database (a new session for this instance): seen now.
      lastSeenAt: '2026-03-02T09:02:00.000Z',
    });
    expect(notCurrent).toMatchObject({
      browser: 'Safari 18',
      os: 'iOS 18',
      device: 'mobile',
      firstSeenAt: '2026-03-02T09:01:00.000Z',
      lastSeenAt: '2026-03-02T09:01:00.000Z',
    });
    // Most recently seen first, and each id is the session's (refresh family's).
    expect(sessions[0]?.current).toBe(true);
    expect((await list(phone)).json().data.find((s: { current: boolean }) => s.current).id).toBe(
      notCurrent?.id,
    );
  });

  it('refuses anonymous callers (401)', async () => {
    const res = await t.app.inject({ url: '/api/identity/sessions' });
    expect(res.statusCode).toBe(401);
  });
});

describe('ending a session', () => {
  it('ends one: its refresh family is revoked and its access token refused at once on this instance; audited', async () => {
    await createUser('end-one@example.com');
    const a = await signIn('end-one@example.com');
    const b = await signIn('end-one@example.com', FIREFOX_WINDOWS);
    expect((await me(b)).statusCode).toBe(200);
    const bId = (await list(b)).json().data.find((s: { current: boolean }) => s.current).id as string;
    const res = await end(a, bId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ok: true } });

    const refused = await me(b);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('SESSION_ENDED');
    const refreshed = await refresh(b);
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.json().error.code).toBe('INVALID_REFRESH_TOKEN');
    // The first session goes on, and the list no longer shows the ended one.
    expect((await me(a)).statusCode).toBe(200);
    expect((await list(a)).json().data.map((s: { id: string }) => s.id)).not.toContain(bId);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'identity.session.ended'), eq(auditLog.entityId, bId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entityType: 'session', actingAs: 'member', ip: '127.0.0.1' });
  });

  it('reaches another API instance’s access tokens within its cache window (SESSION_CHECK_CACHE_SECONDS)', async () => {
    await createUser('window@example.com');
    const a = await signIn('window@example.com');
    const b = await signIn('window@example.com');
    // The other instance has seen b's session open and remembers that.
    expect((await me(b, other)).statusCode).toBe(200);
    const bId = (await list(b)).json().data.find((s: { current: boolean }) => s.current).id as string;
    expect((await end(a, bId)).statusCode).toBe(200);
    // Within the window the other instance still trusts its answer…
    other.advance((CACHE_SECONDS - 1) * 1000);
    expect((await me(b, other)).statusCode).toBe(200);
    // …and once it is over, asks again and refuses the token (long before the token's 15-minute expiry).
    other.advance(1000);
    const refused = await me(b, other);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('SESSION_ENDED');
    // a's session is unaffected on both instances.
    expect((await me(a, other)).statusCode).toBe(200);
  });

  it('ends all other sessions, keeping the calling one', async () => {
    await createUser('others@example.com');
    const a = await signIn('others@example.com');
    const b = await signIn('others@example.com', SAFARI_IPHONE);
    const c = await signIn('others@example.com', FIREFOX_WINDOWS);
    expect((await list(a)).json().data).toHaveLength(3);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sessions/end-others',
      headers: auth(a),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ended: 2 } });
    const left = (await list(a)).json().data;
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
    for (const ended of [b, c]) {
      expect((await me(ended)).statusCode).toBe(401);
      expect((await refresh(ended)).statusCode).toBe(401);
    }
    expect((await refresh(a)).statusCode).toBe(200);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'identity.sessions.others-ended'));
    expect(audit.some((row) => (row.after as { ended: string[] }).ended.length === 2)).toBe(true);
  });

  it('answers 404 for another user’s session, an unknown or an already ended one, and 400 naming id for a malformed id', async () => {
    await createUser('mine@example.com');
    await createUser('theirs@example.com');
    const mine = await signIn('mine@example.com');
    const theirs = await signIn('theirs@example.com');
    const theirId = (await list(theirs)).json().data[0].id as string;

    const foreign = await end(mine, theirId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('NOT_FOUND');
    // Not ended: the other user's session goes on.
    expect((await me(theirs)).statusCode).toBe(200);
    expect((await refresh(theirs)).statusCode).toBe(200);
    expect((await end(mine, randomUUID())).statusCode).toBe(404);

    const malformed = await end(mine, 'not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.details[0].field).toBe('id');

    const second = await signIn('mine@example.com');
    const secondId = (await list(second)).json().data.find((s: { current: boolean }) => s.current).id;
    expect((await end(mine, secondId)).statusCode).toBe(200);
    expect((await end(mine, secondId)).statusCode).toBe(404);
  });

  it('a refresh family revoked by any path (e.g. the users module, as app_user) ends the session too', async () => {
    await createUser('any-path@example.com');
    const session = await signIn('any-path@example.com');
    expect((await me(session, other)).statusCode).toBe(200);
    const user = await createIdentityRepository(t.database.db).findUserByEmail('any-path@example.com');
    await t.database.db
      .update(refreshTokens)
      .set({ revokedAt: new Date('2026-03-02T09:30:00Z') })
      .where(eq(refreshTokens.userId, user?.id ?? ''));
    other.advance(CACHE_SECONDS * 1000);
    expect((await me(session, other)).json().error.code).toBe('SESSION_ENDED');
  });

  it('signing out ends the session’s access tokens too', async () => {
    await createUser('sign-out@example.com');
    const session = await signIn('sign-out@example.com');
    expect((await me(session)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-out',
      payload: { refreshToken: session.refreshToken },
    });
    expect((await me(session)).statusCode).toBe(401);
  });
});

describe('parseUserAgent', () => {
  it.each([
    [CHROME_MAC, { browser: 'Chrome 131', os: 'macOS', device: 'desktop' }],
    [SAFARI_IPHONE, { browser: 'Safari 18', os: 'iOS 18', device: 'mobile' }],
    [FIREFOX_WINDOWS, { browser: 'Firefox 133', os: 'Windows', device: 'desktop' }],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
      { browser: 'Edge 131', os: 'Windows', device: 'desktop' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      { browser: 'Chrome 131', os: 'Android 15', device: 'mobile' },
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
      { browser: 'Safari 17', os: 'iOS 17', device: 'tablet' },
    ],
    ['curl/8.5.0', { browser: null, os: null, device: 'unknown' }],
    [undefined, { browser: null, os: null, device: 'unknown' }],
  ])('%s', (ua, expected) => {
    expect(parseUserAgent(ua)).toEqual(expected);
  });
});

describe('the security activity', () => {
  const activity = (session: Session) =>
    t.app.inject({ url: '/api/identity/activity', headers: auth(session) });
  const codeIn = (text = '') => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

  it("lists the caller's own password changes, resets and ended sessions, newest first, with browser and IP; never another person's", async () => {
    await createUser('activity@example.com');
    await createUser('activity.other@example.com');
    const desk = await signIn('activity@example.com', CHROME_MAC);
    const phone = await signIn('activity@example.com', SAFARI_IPHONE);
    const stranger = await signIn('activity.other@example.com');
    expect((await activity(desk)).json()).toEqual({ data: [] });

    const phoneId = (await list(phone)).json().data.find((s: { current: boolean }) => s.current).id as string;
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/identity/sessions/${phoneId}`,
      headers: { ...auth(desk), 'user-agent': CHROME_MAC },
    });
    expect(ended.statusCode).toBe(200);
    t.advance(1_000);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/identity/change-password',
      headers: { ...auth(desk), 'user-agent': FIREFOX_WINDOWS },
      payload: { currentPassword: PASSWORD, newPassword: 'Chang3d-Passw0rd' },
    });
    expect(changed.statusCode).toBe(200);
    t.advance(1_000);
    // The reset comes from a browser that is not signed in: its entry is still the person's own.
    await t.app.inject({
      method: 'POST',
      url: '/api/identity/forgot-password',
      payload: { email: 'activity@example.com' },
    });
    const code = codeIn(t.sent.filter((mail) => mail.to === 'activity@example.com').at(-1)?.text);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/identity/confirm-forgot-password',
      headers: { 'user-agent': SAFARI_IPHONE },
      payload: { email: 'activity@example.com', code, password: 'R3set-Passw0rd' },
    });
    expect(reset.statusCode).toBe(200);

    // The reset ended every session: read with a new one.
    const again = await (async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/identity/sign-in',
        payload: { email: 'activity@example.com', password: 'R3set-Passw0rd' },
      });
      expect(res.statusCode).toBe(200);
      return res.json().data as Session;
    })();
    const res = await activity(again);
    expect(res.statusCode).toBe(200);
    const entries = res.json().data as Record<string, unknown>[];
    expect(entries.map((entry) => entry.action)).toEqual([
      'identity.password.reset',
      'identity.password.changed',
      'identity.session.ended',
    ]);
    expect(entries[0]).toMatchObject({
      browser: 'Safari 18',
      os: 'iOS 18',
      device: 'mobile',
      ip: '127.0.0.1',
    });
    expect(entries[1]).toMatchObject({ browser: 'Firefox 133', os: 'Windows', device: 'desktop' });
    expect(entries[2]).toMatchObject({ browser: 'Chrome 131', os: 'macOS' });
    for (const entry of entries)
      expect(Object.keys(entry).sort()).toEqual(['action', 'at', 'browser', 'device', 'id', 'ip', 'os']);

    // Another person sees none of it, and has nothing of their own yet.
    expect((await activity(stranger)).json()).toEqual({ data: [] });
  });

  it('refuses anonymous callers (401)', async () => {
    expect((await t.app.inject({ url: '/api/identity/activity' })).statusCode).toBe(401);
  });
});
