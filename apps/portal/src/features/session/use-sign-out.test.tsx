import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { signedInWithFetchSpy } from '../../../test/signed-in.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { STORAGE_KEYS } from '../../lib/storage/local-storage.ts';
import { useSignOut } from './use-sign-out.ts';

function SignOutButton() {
  const signOut = useSignOut(() => undefined);
  return (
    <button type="button" onClick={() => void signOut()}>
      Sign out
    </button>
  );
}

describe('sign-out (SPEC §4)', () => {
  const fetchSpy = signedInWithFetchSpy();

  it("ends the companion session too: the app's stored tokens go, so /native-app/* cannot bring the session back", async () => {
    const api = fakeApi({ 'POST /identity/sign-out': () => jsonResponse(200, { data: { ok: true } }) });
    fetchSpy().mockImplementation(api.handle);
    localStorage.setItem(
      STORAGE_KEYS.companionTokens,
      JSON.stringify({ idToken: 'id', accessToken: 'access', expiresAt: Date.now() + 3_600_000 }),
    );
    const { router } = renderRoutes(
      [
        { path: '/', element: <SignOutButton /> },
        { path: '/signin', element: <p>Signed out</p> },
      ],
      '/',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(api.bodiesOf('POST /identity/sign-out')).toEqual([{ refreshToken: 'refresh' }]);
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.companionTokens)).toBeNull();
  });

  it('ends a session the companion app handed over without a refresh token by its id on the server', async () => {
    const sid = '5f0c2a1e-7b3d-4c9e-8a6f-1d2e3f4a5b61';
    const api = fakeApi({
      [`DELETE /identity/sessions/${sid}`]: () => jsonResponse(200, { data: { ok: true } }),
    });
    fetchSpy().mockImplementation(api.handle);
    const session = sessionStore.get();
    if (!session) throw new Error('signed in above');
    const claims = btoa(JSON.stringify({ sid, exp: Math.floor(Date.now() / 1000) + 3600 })).replace(
      /=+$/,
      '',
    );
    sessionStore.set({
      ...session,
      tokens: { ...session.tokens, accessToken: `h.${claims}.s`, refreshToken: '' },
    });
    const { router } = renderRoutes(
      [
        { path: '/', element: <SignOutButton /> },
        { path: '/signin', element: <p>Signed out</p> },
      ],
      '/',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(api.calls.map((call) => call.route)).toContain(`DELETE /identity/sessions/${sid}`);
    expect(sessionStore.get()).toBeNull();
  });
});
