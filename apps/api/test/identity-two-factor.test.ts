import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, recoveryCodes, totpFactors } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/identity/passwords.ts';
import { createIdentityRepository } from '../src/identity/repository.ts';
import { totpCode } from '../src/identity/totp.ts';
import { createIdentityTestApp } from './identity-test-app.ts';

type TestApp = Awaited<ReturnType<typeof createIdentityTestApp>>;
let t: TestApp;
let now = new Date('2026-03-02T09:00:00.000Z');
const PASSWORD = 'Passw0rd!';

const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/identity${url}`,
    payload: payload as object,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
const advance = (ms: number) => {
  t.advance(ms);
  now = new Date(now.getTime() + ms);
};

async function createUser(email: string) {
  await createIdentityRepository(t.database.db).insertUser({
    email,
    passwordHash: await hashPassword(PASSWORD),
    status: 'confirmed',
  });
  const signedIn = await post('/sign-in', { email, password: PASSWORD });
  return signedIn.json().data.accessToken as string;
}

/** Signs up `email` and turns on TOTP; returns the secret and recovery codes. */
async function withTotp(email: string) {
  const token = await createUser(email);
  const setup = await post('/factors/totp', undefined, token);
  expect(setup.statusCode).toBe(200);
  const secret = setup.json().data.secret as string;
  const confirmed = await post('/factors/totp/confirm', { code: totpCode(secret, now) }, token);
  expect(confirmed.statusCode).toBe(200);
  advance(60_000);
  return { token, secret, recoveryCodes: confirmed.json().data.recoveryCodes as string[] };
}

async function passwordStep(email: string) {
  const answer = await post('/sign-in', { email, password: PASSWORD });
  expect(answer.json().data.challenge).toBe('SECOND_FACTOR_REQUIRED');
  return answer.json().data.session as string;
}

beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.close());

describe('authenticator app set-up', () => {
  it('shows a QR code and the secret, confirms with a first code, returns 10 recovery codes stored hashed, encrypts the secret', async () => {
    const token = await createUser('setup@example.com');
    const setup = await post('/factors/totp', undefined, token);
    const data = setup.json().data;
    expect(data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.uri).toContain('otpauth://totp/');
    expect(data.qrCode).toMatch(/^data:image\/png;base64,/);
    const wrong = await post(
      '/factors/totp/confirm',
      { code: '000000' === totpCode(data.secret, now) ? '111111' : '000000' },
      token,
    );
    expect(wrong.statusCode).toBe(400);
    const bad = await post('/factors/totp/confirm', { code: 'abc' }, token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('code');
    const ok = await post('/factors/totp/confirm', { code: totpCode(data.secret, now) }, token);
    expect(ok.statusCode).toBe(200);
    const codes = ok.json().data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    const [stored] = await t.database.db.select().from(totpFactors);
    expect(stored?.secretEncrypted).toMatch(/^v1\./);
    expect(stored?.secretEncrypted).not.toContain(data.secret);
    const hashes = await t.database.db.select().from(recoveryCodes);
    expect(hashes).toHaveLength(10);
    for (const row of hashes) expect(codes).not.toContain(row.codeHash);

    expect(
      (
        await t.app.inject({ url: '/api/identity/factors', headers: { authorization: `Bearer ${token}` } })
      ).json().data,
    ).toEqual({ totp: true, recoveryCodesLeft: 10 });
    expect(t.sent.some((m) => m.to === 'setup@example.com' && m.kind === 'totp_added')).toBe(true);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'identity.totp.added'));
    expect(audit).toHaveLength(1);
    // A second set-up over a confirmed one is refused.
    expect((await post('/factors/totp', undefined, token)).statusCode).toBe(409);
  });
});

describe('sign-in with a second factor', () => {
  it('asks for a code after the password; accepts ±1 step, refuses ±2 steps and any code twice', async () => {
    const { secret } = await withTotp('window@example.com');
    const email = 'window@example.com';

    const previous = totpCode(secret, new Date(now.getTime() - 30_000));
    let session = await passwordStep(email);
    const signedIn = await post('/sign-in/second-factor', { email, session, code: previous });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.accessToken).toBeTruthy();

    // The same code again (replay) is refused, even within its window.
    session = await passwordStep(email);
    const replay = await post('/sign-in/second-factor', { email, session, code: previous });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('CODE_MISMATCH');

    // Two steps away is outside the window.
    const tooOld = totpCode(secret, new Date(now.getTime() - 65_000));
    const tooNew = totpCode(secret, new Date(now.getTime() + 65_000));
    expect((await post('/sign-in/second-factor', { email, session, code: tooOld })).statusCode).toBe(400);
    expect((await post('/sign-in/second-factor', { email, session, code: tooNew })).statusCode).toBe(400);

    const next = totpCode(secret, new Date(now.getTime() + 30_000));
    expect((await post('/sign-in/second-factor', { email, session, code: next })).statusCode).toBe(200);
    // The session of step one is single use.
    advance(90_000);
    const reused = await post('/sign-in/second-factor', { email, session, code: totpCode(secret, now) });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.code).toBe('SECOND_FACTOR_SESSION_EXPIRED');
  });

  it('accepts each recovery code once', async () => {
    const email = 'recovery@example.com';
    const { recoveryCodes: codes } = await withTotp(email);
    let session = await passwordStep(email);
    expect(
      (await post('/sign-in/second-factor', { email, session, code: codes[0]?.toUpperCase() })).statusCode,
    ).toBe(200);
    session = await passwordStep(email);
    expect((await post('/sign-in/second-factor', { email, session, code: codes[0] })).statusCode).toBe(400);
    expect((await post('/sign-in/second-factor', { email, session, code: codes[1] })).statusCode).toBe(200);
  });

  it('names the field of bad input', async () => {
    const answer = await post('/sign-in/second-factor', { email: 'x@example.com', session: 's' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.details[0].field).toBe('code');
  });

  it('counts wrong codes towards the same lock-out as wrong passwords', async () => {
    const email = 'lockout@example.com';
    const { secret } = await withTotp(email);
    // Each round: the right password, then a wrong code. A password step stays counted until the code is right,
    // so five such rounds are the ten failures that lock the account.
    let session = '';
    for (let round = 0; round < 5; round++) {
      session = await passwordStep(email);
      advance(20_000); // past the slow-down's wait
      const answer = await post('/sign-in/second-factor', { email, session, code: `${100000 + round}` });
      expect(answer.statusCode).toBe(400);
      advance(60_000);
    }
    const locked = await post('/sign-in', { email, password: PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('ACCOUNT_LOCKED');
    const lockedCode = await post('/sign-in/second-factor', { email, session, code: totpCode(secret, now) });
    expect(lockedCode.statusCode).toBe(429);
    // After 30 minutes the right password and code get in, and clear the count.
    advance(30 * 60_000);
    session = await passwordStep(email);
    expect(
      (await post('/sign-in/second-factor', { email, session, code: totpCode(secret, now) })).statusCode,
    ).toBe(200);
  });

  it('removing the factor needs the password or a current code, and is e-mailed and audited', async () => {
    const email = 'remove@example.com';
    const { secret } = await withTotp(email);
    const session = await passwordStep(email);
    const token = (
      await post('/sign-in/second-factor', { email, session, code: totpCode(secret, now) })
    ).json().data.accessToken;
    const wrong = await post('/factors/totp/remove', { password: 'Wrong1234' }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details[0].field).toBe('password');
    expect((await post('/factors/totp/remove', {}, token)).statusCode).toBe(400);
    expect((await post('/factors/totp/remove', { password: PASSWORD }, token)).statusCode).toBe(200);
    expect(t.sent.some((m) => m.to === email && m.kind === 'totp_removed')).toBe(true);
    expect((await post('/sign-in', { email, password: PASSWORD })).json().data.accessToken).toBeTruthy();
  });
});
