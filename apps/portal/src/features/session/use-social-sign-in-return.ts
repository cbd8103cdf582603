import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notifications/notify.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import type { SignInTokens } from './api/sign-in.ts';
import { signOutOnServer } from './api/sign-out.ts';
import { exchangeSocialSignIn } from './api/social-sign-in.ts';

/** SPEC §8: the one social sign-in failure that is acted on rather than only logged. */
export const ALREADY_SIGNED_IN = 'There is already a signed in user.';

export class AlreadySignedInError extends Error {
  constructor() {
    super(ALREADY_SIGNED_IN);
    this.name = 'AlreadySignedInError';
  }
}

/**
 * Finishes a social sign-in: exchanges the one-time code for a session, unless someone is already signed in
 * in this browser (e.g. in another tab while this one was at the provider), which fails with
 * "There is already a signed in user.". SPEC §8: that failure signs the user out; any other is only logged.
 */
export async function completeSocialSignIn(
  code: string,
  finish: (tokens: SignInTokens) => Promise<void>,
  signedOut: () => void,
): Promise<void> {
  try {
    if (sessionStore.get()) throw new AlreadySignedInError();
    await finish(await exchangeSocialSignIn(code));
  } catch (error) {
    console.warn('Social sign-in failed', error);
    if (!(error instanceof AlreadySignedInError)) return;
    const refreshToken = sessionStore.get()?.tokens.refreshToken;
    // Revoking on the server is best effort: the local session goes whatever the network says.
    if (refreshToken) await signOutOnServer(refreshToken).catch(() => undefined);
    sessionStore.clear();
    signedOut();
  }
}

/**
 * The API's OIDC callback sends the browser to /signin?social=<one-time code> (or social_error=1). The code is
 * exchanged once for a session.
 */
export function useSocialSignInReturn(
  search: URLSearchParams,
  finish: (tokens: SignInTokens) => Promise<void>,
) {
  const { t } = useTranslation();
  const code = search.get('social');
  const failed = search.has('social_error');
  const finishRef = useRef(finish);
  finishRef.current = finish;
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (failed) console.warn('Social sign-in failed');
    if (!code || handled.current === code) return;
    handled.current = code;
    void completeSocialSignIn(
      code,
      (tokens) => finishRef.current(tokens),
      () => notify(t('session.signedOut')),
    );
  }, [code, failed, t]);
}
