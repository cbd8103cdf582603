import type { App } from '../../src/app.ts';

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
