import { useEffect, useRef } from 'react';
import type { SignInTokens } from './api/sign-in.ts';
import { exchangeSocialSignIn } from './api/social-sign-in.ts';

/**
 * The API's OIDC callback sends the browser to /signin?social=<one-time code> (or social_error=1). The code is
 * exchanged once for a session. SPEC §8: social sign-in failures are only logged.
 */
export function useSocialSignInReturn(
  search: URLSearchParams,
  finish: (tokens: SignInTokens) => Promise<void>,
) {
  const code = search.get('social');
  const failed = search.has('social_error');
  const finishRef = useRef(finish);
  finishRef.current = finish;
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (failed) console.warn('Social sign-in failed');
    if (!code || handled.current === code) return;
    handled.current = code;
    exchangeSocialSignIn(code)
      .then((tokens) => finishRef.current(tokens))
      .catch((error: unknown) => console.warn('Social sign-in failed', error));
  }, [code, failed]);
}
