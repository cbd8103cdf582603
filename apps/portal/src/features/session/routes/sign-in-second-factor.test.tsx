import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, aSession } from '../../../../test/identity.ts';
import { fakeApi, jsonResponse, renderRoutes } from '../../../../test/render.tsx';
import { sessionStore } from '../../../lib/session/session-store.ts';
import SignInScreen from './sign-in.tsx';

const routes = [
  { path: '/signin', Component: SignInScreen },
  { path: '/', Component: () => <p>home page</p> },
];

let fetchMock: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  fetchMock = vi.spyOn(globalThis, 'fetch');
});
afterEach(() => {
  fetchMock.mockRestore();
  sessionStore.clear();
});

async function signInAs(email: string, password = 'Secret123') {
  await userEvent.type(screen.getByLabelText(/^Email/), email);
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in with a second factor (issue 15)', () => {
  it('asks for the code after the password, shows a wrong code as a warning, then signs in with the right one', async () => {
    let tries = 0;
    const api = fakeApi({
      'POST /identity/sign-in': () =>
        jsonResponse(200, { data: { challenge: 'SECOND_FACTOR_REQUIRED', session: 'step-one' } }),
      'POST /identity/sign-in/second-factor': () =>
        tries++ === 0 ? jsonResponse(400, apiError('CODE_MISMATCH')) : jsonResponse(200, { data: aSession }),
    });
    fetchMock.mockImplementation(api.handle);
    renderRoutes(routes, '/signin');
    await signInAs('Lee@Example.com');

    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    const code = screen.getByLabelText(/^Code/);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    await userEvent.type(code, '123456');
    await userEvent.click(verify);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code, please try again.');

    await userEvent.type(screen.getByLabelText(/^Code/), 'abcde-fghij');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(api.bodiesOf('POST /identity/sign-in/second-factor')).toEqual([
      { email: 'lee@example.com', session: 'step-one', code: '123456' },
      { email: 'lee@example.com', session: 'step-one', code: 'abcde-fghij' },
    ]);
  });

  it('says when the account is locked and goes back to the password step', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'POST /identity/sign-in': () =>
          jsonResponse(200, { data: { challenge: 'SECOND_FACTOR_REQUIRED', session: 's' } }),
        'POST /identity/sign-in/second-factor': () => jsonResponse(429, apiError('ACCOUNT_LOCKED')),
      }).handle,
    );
    renderRoutes(routes, '/signin');
    await signInAs('lee@example.com');
    await userEvent.type(await screen.findByLabelText(/^Code/), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many failed sign-in attempts');
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });
});
