import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { userGroups, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/identity/passwords.ts';
import { IDENTITY_POLICY } from '../src/identity/service.ts';
import { totpCode } from '../src/identity/totp.ts';
import { PASSWORD } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { bearer } from './helpers/auth.ts';

// Attacker review (session 10): a signed-in session that has not passed a second factor (an older session, a
// stolen token) may be asked for a code or the password — the step-up (verify-session), a factor's removal,
// a password change. Each guess counts towards the sign-in lock-out (PCI DSS 8.3.4), else such a session could
// try every 6-digit code at the per-address rate. A code that was used once is refused everywhere after.
describe('guesses from a signed-in session count towards the lock-out', () => {
  let t: TestApp;
  const clock = fixedClock(new Date('2026-03-01T10:00:00Z'));

  const post = (url: string, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

  /** A user with `sessions` password-only sessions, then an authenticator app set up from the first. */
  async function userWithFactor(name: string, sessions: number) {
    const id = randomUUID();
    const email = `${name}-${id.slice(0, 8)}@guess.example.com`;
    await t.app.db.insert(users).values({
      id,
      userId: id,
      email,
      passwordHash: await hashPassword(PASSWORD),
      status: 'confirmed',
      emailVerified: true,
    });
    await t.app.db.insert(userGroups).values({ userId: id, groupName: 'Merchant' });
    const tokens: string[] = [];
    for (let n = 0; n <= sessions; n += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/identity/sign-in',
        payload: { email, password: PASSWORD },
      });
      tokens.push(res.json().data.accessToken);
    }
    const [first, ...others] = tokens as [string, ...string[]];
    const secret = (await post('/api/identity/factors/totp', first, {})).json().data.secret as string;
    const confirm = await post('/api/identity/factors/totp/confirm', first, {
      code: totpCode(secret, clock.now()),
    });
    expect(confirm.statusCode).toBe(200);
    clock.advance(30_000);
    return { secret, sessions: others };
  }

  const wrongCode = (secret: string) => {
    const right = new Set(
      [-30_000, 0, 30_000].map((d) => totpCode(secret, new Date(clock.now().getTime() + d))),
    );
    let code = 100000;
    while (right.has(String(code))) code += 1;
    return String(code);
  };

  /** Wrong guesses up to the lock, waiting out each slow-down; then the right one is refused too. */
  async function expectLockedAfterWrongGuesses(attempt: (n: number) => Promise<{ statusCode: number }>) {
    for (let n = 1; n <= IDENTITY_POLICY.lockAfterFailures; n += 1) {
      clock.advance(20_000);
      const res = await attempt(n);
      expect({ n, status: res.statusCode }).toEqual({ n, status: 400 });
    }
    clock.advance(20_000);
  }

  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  it('step-up: a code used by one session is refused to another (replay)', async () => {
    const { secret, sessions } = await userWithFactor('replay', 2);
    const [a, b] = sessions as [string, string];
    const code = totpCode(secret, clock.now());
    expect((await post('/api/identity/factors/verify-session', a, { code })).statusCode).toBe(200);
    const replay = await post('/api/identity/factors/verify-session', b, { code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('CODE_MISMATCH');
  });

  it('step-up: wrong codes lock the account; then even the right code is refused (429 ACCOUNT_LOCKED)', async () => {
    const { secret, sessions } = await userWithFactor('step-up', 1);
    const [token] = sessions as [string];
    await expectLockedAfterWrongGuesses(() =>
      post('/api/identity/factors/verify-session', token, { code: wrongCode(secret) }),
    );
    const locked = await post('/api/identity/factors/verify-session', token, {
      code: totpCode(secret, clock.now()),
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('ACCOUNT_LOCKED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('removing the factor with a code: wrong codes lock the account (they were not counted)', async () => {
    const { secret, sessions } = await userWithFactor('remove', 1);
    const [token] = sessions as [string];
    await expectLockedAfterWrongGuesses(() =>
      post('/api/identity/factors/totp/remove', token, { code: wrongCode(secret) }),
    );
    const locked = await post('/api/identity/factors/totp/remove', token, {
      code: totpCode(secret, clock.now()),
    });
    expect(locked.statusCode).toBe(429);
    const factors = await t.app.inject({ url: '/api/identity/factors', headers: bearer(token) });
    expect(JSON.stringify(factors.json().data)).toContain('totp');
  });

  it('changing the password: wrong current passwords lock the account (they were not counted)', async () => {
    const { sessions } = await userWithFactor('password', 1);
    const [token] = sessions as [string];
    await expectLockedAfterWrongGuesses((n) =>
      post('/api/identity/change-password', token, {
        currentPassword: `Wrong-guess-${n}`,
        newPassword: 'Another-pass-2026',
      }),
    );
    const locked = await post('/api/identity/change-password', token, {
      currentPassword: PASSWORD,
      newPassword: 'Another-pass-2026',
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('ACCOUNT_LOCKED');
  });
});
