import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/identity/passwords.ts';
import { createIdentityRepository } from '../src/identity/repository.ts';
import { createIdentityTestApp } from './identity-test-app.ts';

type TestApp = Awaited<ReturnType<typeof createIdentityTestApp>>;
let t: TestApp;

const signIn = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/identity/sign-in',
    payload: { email, password },
    remoteAddress: ip,
  });

beforeAll(async () => {
  t = await createIdentityTestApp();
  await createIdentityRepository(t.database.db).insertUser({
    email: 'lee@example.com',
    passwordHash: await hashPassword('Passw0rd!'),
    status: 'confirmed',
  });
});
afterAll(() => t.close());

/** Fails `count` times, waiting out each slow-down, and returns the last answer. */
async function failRepeatedly(email: string, count: number) {
  let last = await signIn(email, 'Wrong1234');
  for (let i = 1; i < count; i++) {
    t.advance(60_000);
    last = await signIn(email, 'Wrong1234');
  }
  return last;
}

describe('lock-out (PCI DSS 8.3.4)', () => {
  it('slows down after five failures: an immediate sixth attempt is refused with a wait', async () => {
    await failRepeatedly('lee@example.com', 5);
    const immediate = await signIn('lee@example.com', 'Passw0rd!');
    expect(immediate.statusCode).toBe(429);
    expect(immediate.json().error.code).toBe('SIGN_IN_THROTTLED');
    expect(Number(immediate.headers['retry-after'])).toBeGreaterThan(0);
    t.advance(2_000);
    // Having waited, the right password still works and clears the count.
    expect((await signIn('lee@example.com', 'Passw0rd!')).statusCode).toBe(200);
  });

  it('locks for 30 minutes after 10 failures, even for the right password, then lets it in', async () => {
    const tenth = await failRepeatedly('lee@example.com', 10);
    expect(tenth.json().error.message).toBe('Incorrect email or password');
    t.advance(60_000);
    const locked = await signIn('lee@example.com', 'Passw0rd!');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toEqual({
      code: 'ACCOUNT_LOCKED',
      message:
        'Too many failed sign-in attempts. Please wait 30 minutes or reset your password, then try again.',
    });
    t.advance(28 * 60_000);
    expect((await signIn('lee@example.com', 'Passw0rd!')).statusCode).toBe(429);
    t.advance(2 * 60_000);
    expect((await signIn('lee@example.com', 'Passw0rd!')).statusCode).toBe(200);
  });

  it('holds the slow-down under 11 parallel guesses: only the first five are checked (issue 8 §4)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 11 }, (_, n) => signIn('parallel@example.com', `Wrong${n}xyz`, `10.0.1.${n}`)),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 401)).toHaveLength(5);
    expect(codes.filter((code) => code === 429)).toHaveLength(6);
    for (const refused of answers.filter((answer) => answer.statusCode === 429)) {
      expect(refused.json().error.code).toBe('SIGN_IN_THROTTLED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Once past the slow-down, 11 parallel guesses admit exactly one.
    t.advance(60_000);
    const next = await Promise.all(
      Array.from({ length: 11 }, (_, n) => signIn('parallel@example.com', `Again${n}xyz`, `10.0.2.${n}`)),
    );
    expect(next.filter((answer) => answer.statusCode === 401)).toHaveLength(1);
    expect(next.filter((answer) => answer.statusCode === 429)).toHaveLength(10);
  });

  it('locks an unknown address exactly like a real one (no account enumeration)', async () => {
    await failRepeatedly('ghost@example.com', 10);
    t.advance(60_000);
    const locked = await signIn('ghost@example.com', 'Whatever1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('ACCOUNT_LOCKED');
  });

  it('lifts the lock when the user resets the password with an e-mailed code', async () => {
    await failRepeatedly('lee@example.com', 10);
    await t.app.inject({
      method: 'POST',
      url: '/api/identity/forgot-password',
      payload: { email: 'lee@example.com' },
    });
    const code = /code is (\d{6})/.exec(t.sent.at(-1)?.text ?? '')?.[1] ?? '';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/identity/confirm-forgot-password',
      payload: { email: 'lee@example.com', code, password: 'Br4ndNewPass' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn('lee@example.com', 'Br4ndNewPass')).statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('answers 429 per IP and per account, with a clear message and Retry-After', async () => {
    const limited = await createIdentityTestApp({
      rateLimits: { perIp: { limit: 3, windowMs: 60_000 }, perAccount: { limit: 2, windowMs: 60_000 } },
    });
    try {
      const call = (email: string, ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/identity/resend-code',
          payload: { email },
          remoteAddress: ip,
        });
      // Per account: the same address from different IPs.
      expect((await call('a@example.com', '10.0.0.1')).statusCode).toBe(200);
      expect((await call('a@example.com', '10.0.0.2')).statusCode).toBe(200);
      const perAccount = await call('a@example.com', '10.0.0.3');
      expect(perAccount.statusCode).toBe(429);
      expect(perAccount.json().error).toEqual({
        code: 'RATE_LIMITED',
        message: 'Too many requests. Please wait a minute and try again.',
      });
      expect(perAccount.headers['retry-after']).toBe('60');
      // IETF draft RateLimit headers besides Retry-After (issue 8 §4).
      expect(perAccount.headers['ratelimit-limit']).toBe('2');
      expect(perAccount.headers['ratelimit-remaining']).toBe('0');
      expect(perAccount.headers['ratelimit-reset']).toBe('60');
      // Per IP: different addresses from one IP (this IP has one hit already).
      expect((await call('b@example.com', '10.0.0.1')).statusCode).toBe(200);
      expect((await call('c@example.com', '10.0.0.1')).statusCode).toBe(200);
      expect((await call('d@example.com', '10.0.0.1')).statusCode).toBe(429);
      // The window passes.
      limited.advance(60_000);
      expect((await call('d@example.com', '10.0.0.1')).statusCode).toBe(200);
      // Endpoints count separately; malformed bodies count too.
      const signIns = await Promise.all(
        [1, 2, 3, 4].map((n) =>
          limited.app.inject({
            method: 'POST',
            url: '/api/identity/sign-in',
            payload: { email: `x${n}` },
            remoteAddress: '10.0.0.9',
          }),
        ),
      );
      // Counted concurrently in the shared store: which of the four is refused is not fixed, how many is.
      expect(signIns.map((r) => r.statusCode).sort()).toEqual([400, 400, 400, 429]);
    } finally {
      await limited.close();
    }
  }, 20_000);
});
