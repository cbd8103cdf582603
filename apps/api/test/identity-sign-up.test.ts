import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp } from './identity-test-app.ts';

type TestApp = Awaited<ReturnType<typeof createIdentityTestApp>>;
let t: TestApp;

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const lastCodeFor = (email: string) =>
  /\b(\d{6})\b/.exec(t.sent.filter((m) => m.to === email).at(-1)?.text ?? '')?.[1] ?? '';
const signUp = (email: string, extra: object = {}) =>
  post('/api/identity/sign-up', { email, phone_number: '+442079460000', password: 'Passw0rd!', ...extra });

beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.close());

describe('sign-up', () => {
  it('creates an unconfirmed user and e-mails a six-digit code in the chosen locale', async () => {
    const response = await signUp('Ana@Example.com', { locale: 'es-ES', userId: 'ana-1' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      data: { userConfirmed: false, delivery: { medium: 'EMAIL', destination: 'a***@e***' } },
    });
    const mail = t.sent.at(-1);
    expect(mail).toMatchObject({ to: 'ana@example.com', kind: 'confirm_sign_up', locale: 'es-ES' });
    expect(mail?.subject).toBe('Tu código de verificación');
    expect(lastCodeFor('ana@example.com')).toMatch(/^\d{6}$/);
    const signIn = await post('/api/identity/sign-in', { email: 'ana@example.com', password: 'Passw0rd!' });
    expect(signIn.json()).toEqual({ data: { challenge: 'CONFIRM_SIGN_UP' } });
  });

  it('refuses an existing e-mail with "A user already exists with that email address."', async () => {
    await signUp('dup@example.com');
    const again = await signUp('DUP@example.com');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'USER_EXISTS',
      message: 'A user already exists with that email address.',
    });
  });

  it('answers "Invalid email, phone or password" naming each bad field', async () => {
    const response = await post('/api/identity/sign-up', {
      email: 'nope',
      phone_number: '12',
      password: 'short',
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('INVALID_PARAMETERS');
    expect(error.message).toBe('Invalid email, phone or password');
    expect(error.details).toEqual(
      expect.arrayContaining([
        { field: 'email', rule: 'validation.emailInvalid', message: 'Email must be valid' },
        // Decision 0135: "12" is neither in SPEC §5's phone pattern nor in international form.
        { field: 'phone_number', rule: 'validation.phonePatternInvalid', message: 'Invalid number' },
        {
          field: 'password',
          rule: 'validation.passwordRule',
          message:
            'Passwords must be at least 8 characters long, contain at least one number, one uppercase letter, and one lowercase letter.',
        },
      ]),
    );
  });

  it('answers "Error signing up. Please try again" when the custom user id is taken', async () => {
    await signUp('first@example.com', { userId: 'same-id' });
    const response = await signUp('second@example.com', { userId: 'same-id' });
    expect(response.json().error.message).toBe('Error signing up. Please try again');
  });
});

describe('confirm sign-up', () => {
  it('confirms with the right code, once; the user can then sign in', async () => {
    await signUp('cora@example.com');
    const code = lastCodeFor('cora@example.com');
    const wrong = await post('/api/identity/confirm-sign-up', {
      email: 'cora@example.com',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({
      code: 'CODE_MISMATCH',
      message: 'Invalid verification code, please try again.',
    });
    const confirmed = await post('/api/identity/confirm-sign-up', { email: 'cora@example.com', code });
    expect(confirmed.statusCode).toBe(200);
    const reused = await post('/api/identity/confirm-sign-up', { email: 'cora@example.com', code });
    expect(reused.json().error.message).toBe('Invalid verification code, please try again.');
    const signIn = await post('/api/identity/sign-in', { email: 'cora@example.com', password: 'Passw0rd!' });
    expect(signIn.json().data.accessToken).toBeTruthy();
  });

  it('makes a self-registered user configured (a user id and the Merchants group), so onboarding opens (decision 0012)', async () => {
    await signUp('olga@example.com');
    await post('/api/identity/confirm-sign-up', {
      email: 'olga@example.com',
      code: lastCodeFor('olga@example.com'),
    });
    const signIn = await post('/api/identity/sign-in', { email: 'olga@example.com', password: 'Passw0rd!' });
    const { user } = signIn.json().data;
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(user.groups).toEqual(['Merchants']);
    expect(user.isConfigured).toBe(true);
  });

  it('expires codes after 24 hours', async () => {
    await signUp('eve@example.com');
    const code = lastCodeFor('eve@example.com');
    t.advance(24 * 3600_000 + 1);
    const response = await post('/api/identity/confirm-sign-up', { email: 'eve@example.com', code });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'CODE_EXPIRED',
      message: 'Verification code has expired, please request a new one.',
    });
  });

  it('stops accepting a code after five wrong tries, even the right one', async () => {
    await signUp('max@example.com');
    const code = lastCodeFor('max@example.com');
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++)
      await post('/api/identity/confirm-sign-up', { email: 'max@example.com', code: wrongCode });
    const right = await post('/api/identity/confirm-sign-up', { email: 'max@example.com', code });
    expect(right.json().error.message).toBe('Verification code has expired, please request a new one.');
  });

  it('answers an unknown address like a wrong code', async () => {
    const response = await post('/api/identity/confirm-sign-up', {
      email: 'who@example.com',
      code: '123456',
    });
    expect(response.json().error.message).toBe('Invalid verification code, please try again.');
  });
});

describe('resend code', () => {
  it('sends a new code that replaces the old one', async () => {
    await signUp('rita@example.com');
    const old = lastCodeFor('rita@example.com');
    const resent = await post('/api/identity/resend-code', { email: 'rita@example.com' });
    expect(resent.statusCode).toBe(200);
    const fresh = lastCodeFor('rita@example.com');
    if (old !== fresh) {
      const stale = await post('/api/identity/confirm-sign-up', { email: 'rita@example.com', code: old });
      expect(stale.statusCode).toBe(400);
    }
    expect(
      (await post('/api/identity/confirm-sign-up', { email: 'rita@example.com', code: fresh })).statusCode,
    ).toBe(200);
  });

  it('limits sending: "You have exceeded the limit for sending confirmation codes, please try again later."', async () => {
    await signUp('lim@example.com'); // the first of five sends this hour
    for (let i = 0; i < 4; i++)
      expect((await post('/api/identity/resend-code', { email: 'lim@example.com' })).statusCode).toBe(200);
    const limited = await post('/api/identity/resend-code', { email: 'lim@example.com' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({
      code: 'LIMIT_EXCEEDED',
      message: 'You have exceeded the limit for sending confirmation codes, please try again later.',
    });
  });

  it('answers an unknown address the same way and sends nothing', async () => {
    const before = t.sent.length;
    const response = await post('/api/identity/resend-code', { email: 'nobody@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { delivery: { medium: 'EMAIL', destination: 'n***@e***' } } });
    expect(t.sent.length).toBe(before);
  });
});
