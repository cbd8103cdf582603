import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/identity/passwords.ts';
import { createIdentityRepository } from '../src/identity/repository.ts';
import { createIdentityTestApp } from './identity-test-app.ts';

type TestApp = Awaited<ReturnType<typeof createIdentityTestApp>>;
let t: TestApp;

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const lastMailTo = (email: string) => t.sent.filter((m) => m.to === email).at(-1);
const codeIn = (text = '') => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
const passwordIn = (text = '') => /: (\S{16})\n/.exec(text)?.[1] ?? '';

async function confirmedUser(email: string, locale = 'en-GB') {
  await createIdentityRepository(t.database.db).insertUser({
    email,
    locale,
    passwordHash: await hashPassword('Passw0rd!'),
    status: 'confirmed',
    emailVerified: true,
  });
}

beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.close());

describe('forgot password', () => {
  it('e-mails a six-digit reset code and a link that opens step 2 prefilled', async () => {
    await confirmedUser('fay@example.com', 'it-IT');
    const response = await post('/api/identity/forgot-password', { email: 'FAY@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { delivery: { medium: 'EMAIL', destination: 'f***@e***' } } });
    const mail = lastMailTo('fay@example.com');
    expect(mail?.locale).toBe('it-IT');
    const code = codeIn(mail?.text);
    expect(code).toMatch(/^\d{6}$/);
    // The link opens the portal's forgot-password route (SPEC §2.1: /forgot) with step 2 prefilled (§2.4).
    const link = new URL(/http\S+/.exec(mail?.text ?? '')?.[0] ?? 'http://missing');
    expect(link.origin).toBe('http://localhost:3000');
    expect(link.pathname).toBe('/forgot');
    expect(Object.fromEntries(link.searchParams)).toEqual({ t: 'forgot', e: 'fay@example.com', c: code });
    expect(mail?.text).toContain(`http://localhost:3000/forgot?t=forgot&e=fay%40example.com&c=${code}`);
  });

  it('resets with the code, ends every session, and rejects the old password', async () => {
    await confirmedUser('gus@example.com');
    const session = (
      await post('/api/identity/sign-in', { email: 'gus@example.com', password: 'Passw0rd!' })
    ).json().data;
    await post('/api/identity/forgot-password', { email: 'gus@example.com' });
    const code = codeIn(lastMailTo('gus@example.com')?.text);
    const wrong = await post('/api/identity/confirm-forgot-password', {
      email: 'gus@example.com',
      code: code === '000000' ? '111111' : '000000',
      password: 'An0therPass',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({
      code: 'CODE_MISMATCH',
      message: 'Invalid password reset code, please try again.',
    });
    const reset = await post('/api/identity/confirm-forgot-password', {
      email: 'gus@example.com',
      code,
      password: 'An0therPass',
    });
    expect(reset.statusCode).toBe(200);
    expect((await post('/api/identity/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(
      401,
    );
    expect(
      (await post('/api/identity/sign-in', { email: 'gus@example.com', password: 'Passw0rd!' })).statusCode,
    ).toBe(401);
    expect(
      (await post('/api/identity/sign-in', { email: 'gus@example.com', password: 'An0therPass' })).statusCode,
    ).toBe(200);
    const reused = await post('/api/identity/confirm-forgot-password', {
      email: 'gus@example.com',
      code,
      password: 'Y3tAnotherOne',
    });
    expect(reused.json().error.message).toBe('Invalid password reset code, please try again.');
  });

  it('expires reset codes after 10 minutes with the expiry message', async () => {
    await confirmedUser('hal@example.com');
    await post('/api/identity/forgot-password', { email: 'hal@example.com' });
    const code = codeIn(lastMailTo('hal@example.com')?.text);
    t.advance(10 * 60_000 + 1);
    const response = await post('/api/identity/confirm-forgot-password', {
      email: 'hal@example.com',
      code,
      password: 'An0therPass',
    });
    expect(response.json().error).toEqual({
      code: 'CODE_EXPIRED',
      message: 'Verification code has expired, please request a new one.',
    });
  });

  it('holds the wrong-try limit under 10 parallel guesses: five are checked, and the right code then has expired', async () => {
    await confirmedUser('lia@example.com');
    await post('/api/identity/forgot-password', { email: 'lia@example.com' });
    const code = codeIn(lastMailTo('lia@example.com')?.text);
    const wrong = (n: number) => String((Number(code) + n + 1) % 1_000_000).padStart(6, '0');
    // From ten addresses, so the per-IP limit has no part in it.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        t.app.inject({
          method: 'POST',
          url: '/api/identity/confirm-forgot-password',
          payload: { email: 'lia@example.com', code: wrong(n), password: 'An0therPass' },
          remoteAddress: `10.0.3.${n}`,
        }),
      ),
    );
    const outcomes = answers.map((answer) => answer.json().error.code);
    expect(outcomes.filter((c) => c === 'CODE_MISMATCH')).toHaveLength(5);
    expect(outcomes.filter((c) => c === 'CODE_EXPIRED')).toHaveLength(5);
    // The code is out of tries: the right one gets what a sixth wrong try in a row gets.
    const right = await post('/api/identity/confirm-forgot-password', {
      email: 'lia@example.com',
      code,
      password: 'An0therPass',
    });
    expect(right.statusCode).toBe(400);
    expect(right.json().error).toEqual({
      code: 'CODE_EXPIRED',
      message: 'Verification code has expired, please request a new one.',
    });
    expect(
      (await post('/api/identity/sign-in', { email: 'lia@example.com', password: 'An0therPass' })).statusCode,
    ).toBe(401);
  });

  it('limits requests: "Please wait 10 minutes before trying again."', async () => {
    await confirmedUser('ida@example.com');
    for (let i = 0; i < 3; i++)
      expect((await post('/api/identity/forgot-password', { email: 'ida@example.com' })).statusCode).toBe(
        200,
      );
    const limited = await post('/api/identity/forgot-password', { email: 'ida@example.com' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({
      code: 'LIMIT_EXCEEDED',
      message: 'Please wait 10 minutes before trying again.',
    });
    t.advance(10 * 60_000);
    expect((await post('/api/identity/forgot-password', { email: 'ida@example.com' })).statusCode).toBe(200);
  });

  it('answers an unknown address exactly like a known one; the help text goes to the mailbox', async () => {
    const response = await post('/api/identity/forgot-password', { email: 'jon@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { delivery: { medium: 'EMAIL', destination: 'j***@e***' } } });
    const mail = lastMailTo('jon@example.com');
    expect(mail?.kind).toBe('reset_password_no_account');
    expect(mail?.text).toContain('temporary password');
    const confirm = await post('/api/identity/confirm-forgot-password', {
      email: 'jon@example.com',
      code: '123456',
      password: 'An0therPass',
    });
    expect(confirm.json().error.message).toBe('Invalid password reset code, please try again.');
  });

  it('tells a disabled account, by e-mail only, that its password cannot be reset', async () => {
    await confirmedUser('kim@example.com');
    const user = await createIdentityRepository(t.database.db).findUserByEmail('kim@example.com');
    await t.identity.service.adminSetDisabled(user?.id ?? '', true);
    const response = await post('/api/identity/forgot-password', { email: 'kim@example.com' });
    expect(response.statusCode).toBe(200);
    expect(lastMailTo('kim@example.com')?.kind).toBe('reset_password_not_allowed');
  });

  it('rejects a weak new password with the SPEC rule', async () => {
    const response = await post('/api/identity/confirm-forgot-password', {
      email: 'gus@example.com',
      code: '123456',
      password: 'weak',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('temporary passwords (admin create user)', () => {
  it('e-mails a temporary password; signing in asks for a new password; the new one signs in', async () => {
    const created = await t.identity.service.adminCreateUser({
      email: 'Nia@Example.com',
      firstName: 'Nia',
      lastName: 'New',
      locale: 'fr-FR',
      groups: ['Merchant'],
    });
    expect(created.user).toMatchObject({ email: 'nia@example.com', groups: ['Merchant'], firstName: 'Nia' });
    const mail = lastMailTo('nia@example.com');
    expect(mail).toMatchObject({ kind: 'temporary_password', locale: 'fr-FR' });
    const temporary = passwordIn(mail?.text);
    expect(temporary).toHaveLength(16);

    const challenge = await post('/api/identity/sign-in', { email: 'nia@example.com', password: temporary });
    expect(challenge.statusCode).toBe(200);
    const { data } = challenge.json();
    expect(data.challenge).toBe('NEW_PASSWORD_REQUIRED');
    expect(data.session).toEqual(expect.any(String));

    const failed = await post('/api/identity/new-password', {
      email: 'nia@example.com',
      session: 'not-the-session',
      newPassword: 'Ch0senPassword',
    });
    expect(failed.statusCode).toBe(400);
    expect(failed.json().error).toEqual({
      code: 'NEW_PASSWORD_FAILED',
      message: 'We were unable to verify your new password, please try again later.',
    });

    const done = await post('/api/identity/new-password', {
      email: 'nia@example.com',
      session: data.session,
      newPassword: 'Ch0senPassword',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.accessToken).toBeTruthy();
    const replay = await post('/api/identity/new-password', {
      email: 'nia@example.com',
      session: data.session,
      newPassword: 'Ch0senPassword2',
    });
    expect(replay.json().error.message).toBe(
      'We were unable to verify your new password, please try again later.',
    );
    expect(
      (await post('/api/identity/sign-in', { email: 'nia@example.com', password: temporary })).statusCode,
    ).toBe(401);
    expect(
      (await post('/api/identity/sign-in', { email: 'nia@example.com', password: 'Ch0senPassword' })).json()
        .data.accessToken,
    ).toBeTruthy();
  });

  it('refuses a temporary password after 7 days; a reset still works', async () => {
    await t.identity.service.adminCreateUser({ email: 'old@example.com', firstName: 'Ola', lastName: 'Old' });
    const temporary = passwordIn(lastMailTo('old@example.com')?.text);
    t.advance(7 * 24 * 3600_000 + 1);
    const expired = await post('/api/identity/sign-in', { email: 'old@example.com', password: temporary });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('TEMPORARY_PASSWORD_EXPIRED');
    await post('/api/identity/forgot-password', { email: 'old@example.com' });
    const code = codeIn(lastMailTo('old@example.com')?.text);
    await post('/api/identity/confirm-forgot-password', {
      email: 'old@example.com',
      code,
      password: 'Fr3shStart',
    });
    expect(
      (await post('/api/identity/sign-in', { email: 'old@example.com', password: 'Fr3shStart' })).statusCode,
    ).toBe(200);
  });

  it('refuses to create a second user with the same e-mail', async () => {
    await expect(
      t.identity.service.adminCreateUser({ email: 'nia@example.com', firstName: 'N', lastName: 'N' }),
    ).rejects.toMatchObject({ statusCode: 409, message: 'A user already exists with that email address.' });
  });
});
