import type { App } from '../../src/app.ts';
import { totpCode } from '../../src/identity/totp.ts';

/** Signs in through the real identity endpoint and returns the bearer access token. */
export async function signIn(app: App, email: string, password: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/identity/sign-in',
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed for ${email}: ${res.statusCode} ${res.body}`);
  const token = res.json().data?.accessToken;
  if (typeof token !== 'string')
    throw new Error(`sign-in for ${email} returned no access token: ${res.body}`);
  return token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Issue 15: staff powers need a session that passed a second factor. Signs in a user who has none yet, sets up
 * an authenticator app through the real endpoints (the confirming code marks the session), refreshes, and
 * returns the access token that now carries `amr` mfa, with the app's key for later codes.
 */
export async function signInWithSecondFactor(
  app: App,
  email: string,
  password: string,
): Promise<{ accessToken: string; refreshToken: string; secret: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/identity/sign-in',
    payload: { email, password },
  });
  const signedIn = res.json().data as { accessToken?: string; refreshToken?: string };
  if (res.statusCode !== 200 || !signedIn.accessToken || !signedIn.refreshToken)
    throw new Error(`sign-in failed for ${email}: ${res.statusCode} ${res.body}`);
  const headers = bearer(signedIn.accessToken);
  const setup = await app.inject({ method: 'POST', url: '/api/identity/factors/totp', headers });
  const secret = setup.json().data?.secret as string;
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/identity/factors/totp/confirm',
    headers,
    payload: { code: totpCode(secret, app.clock.now()) },
  });
  if (confirm.statusCode !== 200) throw new Error(`TOTP set-up failed for ${email}: ${confirm.body}`);
  const refreshed = await app.inject({
    method: 'POST',
    url: '/api/identity/refresh',
    payload: { refreshToken: signedIn.refreshToken },
  });
  const data = refreshed.json().data as { accessToken: string; refreshToken: string };
  if (refreshed.statusCode !== 200) throw new Error(`refresh failed for ${email}: ${refreshed.body}`);
  return { accessToken: data.accessToken, refreshToken: data.refreshToken, secret };
}

/** Signs in a user who already has an authenticator app: the password step, then a code from its key. */
export async function signInWithCode(
  app: App,
  email: string,
  password: string,
  secret: string,
): Promise<string> {
  const answer = await app.inject({
    method: 'POST',
    url: '/api/identity/sign-in',
    payload: { email, password },
  });
  const session = answer.json().data?.session as string | undefined;
  if (!session)
    throw new Error(`no second-factor challenge for ${email}: ${answer.statusCode} ${answer.body}`);
  const signedIn = await app.inject({
    method: 'POST',
    url: '/api/identity/sign-in/second-factor',
    payload: { email, session, code: totpCode(secret, app.clock.now()) },
  });
  const accessToken = signedIn.json().data?.accessToken as string | undefined;
  if (!accessToken)
    throw new Error(`second factor refused for ${email}: ${signedIn.statusCode} ${signedIn.body}`);
  return accessToken;
}
