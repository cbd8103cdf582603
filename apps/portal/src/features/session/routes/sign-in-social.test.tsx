import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, aSession } from '../../../../test/identity.ts';
import { fakeApi, jsonResponse, renderRoutes } from '../../../../test/render.tsx';
import { sessionStore, toEpochMs } from '../../../lib/session/session-store.ts';
import SignInScreen from './sign-in.tsx';

const routes = [
  { path: '/signin', Component: SignInScreen },
  { path: '/', Component: () => <p>home page</p> },
  { path: '/transactions', Component: () => <p>transactions page</p> },
];

let fetchMock: ReturnType<typeof vi.spyOn>;
let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  fetchMock = vi.spyOn(globalThis, 'fetch');
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  fetchMock.mockRestore();
  warn.mockRestore();
  sessionStore.clear();
});

const alreadySignedIn = () =>
  sessionStore.set({
    tokens: {
      idToken: 'id-0',
      accessToken: 'access-0',
      refreshToken: 'refresh-of-the-signed-in-user',
      expiresAt: toEpochMs('2099-01-01T00:00:00.000Z'),
    },
    user: { ...aSession.user, id: 'someone-else' },
  });

describe('returning from social sign-in (SPEC §8)', () => {
  it('exchanges the one-time code for a session and goes to the redirect target', async () => {
    const api = fakeApi({
      'GET /identity/oidc': () => jsonResponse(200, { data: { enabled: true } }),
      'POST /identity/oidc/exchange': () => jsonResponse(200, { data: aSession }),
    });
    fetchMock.mockImplementation(api.handle);
    renderRoutes(routes, '/signin?social=one-time-code&redirect=%2Ftransactions');
    expect(await screen.findByText('transactions page')).toBeInTheDocument();
    expect(api.bodiesOf('POST /identity/oidc/exchange')).toEqual([{ code: 'one-time-code' }]);
    expect(sessionStore.get()?.user.id).toBe(aSession.user.id);
  });

  it('signs the user out when it fails with "There is already a signed in user."', async () => {
    alreadySignedIn();
    const api = fakeApi({
      'GET /identity/oidc': () => jsonResponse(200, { data: { enabled: true } }),
      'POST /identity/sign-out': () => jsonResponse(200, { data: { ok: true } }),
    });
    fetchMock.mockImplementation(api.handle);
    renderRoutes(routes, '/signin?social=one-time-code');
    expect(await screen.findByText('You have been signed out.')).toBeInTheDocument();
    expect(sessionStore.get()).toBeNull();
    expect(api.bodiesOf('POST /identity/sign-out')).toEqual([
      { refreshToken: 'refresh-of-the-signed-in-user' },
    ]);
    // The provider's code is not used: nobody is signed in as the social user either.
    expect(api.bodiesOf('POST /identity/oidc/exchange')).toEqual([]);
    expect(warn).toHaveBeenCalledWith(
      'Social sign-in failed',
      expect.objectContaining({ message: 'There is already a signed in user.' }),
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('only logs any other failure: no alert, nobody signed out', async () => {
    const api = fakeApi({
      'GET /identity/oidc': () => jsonResponse(200, { data: { enabled: true } }),
      'POST /identity/oidc/exchange': () =>
        jsonResponse(400, apiError('SOCIAL_SIGN_IN_FAILED', 'Social sign-in failed')),
    });
    fetchMock.mockImplementation(api.handle);
    renderRoutes(routes, '/signin?social=stale-code');
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Social sign-in failed', expect.anything()));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('You have been signed out.')).toBeNull();
    expect(api.bodiesOf('POST /identity/sign-out')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('only logs a failure the provider reported (social_error)', async () => {
    alreadySignedIn();
    fetchMock.mockImplementation(
      fakeApi({ 'GET /identity/oidc': () => jsonResponse(200, { data: { enabled: true } }) }).handle,
    );
    renderRoutes(routes, '/signin?social_error=1');
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Social sign-in failed'));
    expect(sessionStore.get()?.user.id).toBe('someone-else');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the social sign-in button (SPEC §2.1, §9)', () => {
  const withProvider = () =>
    fetchMock.mockImplementation(
      fakeApi({ 'GET /identity/oidc': () => jsonResponse(200, { data: { enabled: true } }) }).handle,
    );

  it('shows the button and its divider when the API reports a provider', async () => {
    withProvider();
    renderRoutes(routes, '/signin?redirect=%2Ftransactions');
    const button = await screen.findByRole('link', { name: 'Continue with social sign-in' });
    expect(button.getAttribute('href')).toContain('redirect=%2Ftransactions');
    expect(screen.getByText('or')).toBeInTheDocument();
  });

  it('shortens the label when the window is under 330 px wide', async () => {
    withProvider();
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query === '(max-width: 329.98px)',
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    renderRoutes(routes, '/signin');
    expect(await screen.findByRole('link', { name: 'Social sign-in' })).toBeInTheDocument();
    matchMedia.mockRestore();
  });
});
