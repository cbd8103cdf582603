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

describe('sign-in challenges', () => {
  it('shows the confirmation-code screen for an unconfirmed user, then continues and says the email was verified', async () => {
    let signIns = 0;
    const api = fakeApi({
      'POST /identity/sign-in': () =>
        jsonResponse(200, { data: signIns++ === 0 ? { challenge: 'CONFIRM_SIGN_UP' } : aSession }),
      'POST /identity/confirm-sign-up': () => jsonResponse(200, { data: { ok: true } }),
    });
    fetchMock.mockImplementation(api.handle);
    renderRoutes(routes, '/signin');
    await signInAs('New@Example.com');

    const code = await screen.findByLabelText(/^Confirmation code/);
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to sign in' })).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await userEvent.type(code, '12345a');
    await userEvent.tab();
    expect(await screen.findByText('Code must contain numbers only')).toBeInTheDocument();
    expect(confirm).toBeDisabled();
    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await waitFor(() => expect(confirm).toBeEnabled());
    await userEvent.click(confirm);

    expect(await screen.findByText('Your email has been verified.')).toBeInTheDocument();
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(api.bodiesOf('POST /identity/confirm-sign-up')).toEqual([
      { email: 'new@example.com', code: '123456' },
    ]);
    expect(api.bodiesOf('POST /identity/sign-in')).toHaveLength(2);
  });

  it('shows a wrong confirmation code as a warning alert with its message', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'POST /identity/sign-in': () => jsonResponse(200, { data: { challenge: 'CONFIRM_SIGN_UP' } }),
        'POST /identity/confirm-sign-up': () => jsonResponse(400, apiError('CODE_MISMATCH')),
      }).handle,
    );
    renderRoutes(routes, '/signin');
    await signInAs('new@example.com');
    await userEvent.type(await screen.findByLabelText(/^Confirmation code/), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid verification code, please try again.',
    );
  });

  it('resends the code to the lowercased email and reports the resend limit', async () => {
    const api = fakeApi({
      'POST /identity/sign-in': () => jsonResponse(200, { data: { challenge: 'CONFIRM_SIGN_UP' } }),
      'POST /identity/resend-code': () => jsonResponse(429, apiError('LIMIT_EXCEEDED')),
    });
    fetchMock.mockImplementation(api.handle);
    renderRoutes(routes, '/signin');
    await signInAs('NEW@example.com');
    await userEvent.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have exceeded the limit for sending confirmation codes, please try again later.',
    );
    expect(api.bodiesOf('POST /identity/resend-code')).toEqual([{ email: 'new@example.com' }]);
  });

  it('shows the new-password screen on a temporary password and says the password was updated', async () => {
    const api = fakeApi({
      'POST /identity/sign-in': () =>
        jsonResponse(200, { data: { challenge: 'NEW_PASSWORD_REQUIRED', session: 'challenge-1' } }),
      'POST /identity/new-password': () => jsonResponse(200, { data: aSession }),
    });
    fetchMock.mockImplementation(api.handle);
    renderRoutes(routes, '/signin');
    await signInAs('Invited@Example.com', 'Temp-1234');

    const password = await screen.findByLabelText(/^New password/);
    const repeat = screen.getByLabelText(/^Repeat password/);
    const save = screen.getByRole('button', { name: 'Save password' });
    expect(
      screen.getByText('Minimum 8 characters, with upper case, lower case and a symbol or number'),
    ).toBeInTheDocument();
    await userEvent.type(password, 'short');
    await userEvent.click(repeat);
    expect(
      await screen.findByText(
        'Passwords must be at least 8 characters long, contain at least one number, one uppercase letter, and one lowercase letter.',
      ),
    ).toBeInTheDocument();
    await userEvent.clear(password);
    await userEvent.type(password, 'NewPassw0rd');
    await userEvent.type(repeat, 'NewPassw0rX');
    await userEvent.tab();
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await userEvent.clear(repeat);
    await userEvent.type(repeat, 'NewPassw0rd');
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);

    expect(await screen.findByText('Your password has been updated.')).toBeInTheDocument();
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(api.bodiesOf('POST /identity/new-password')).toEqual([
      { email: 'invited@example.com', session: 'challenge-1', newPassword: 'NewPassw0rd' },
    ]);
  });

  it('shows "We were unable to verify your new password, please try again later." when it fails', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'POST /identity/sign-in': () =>
          jsonResponse(200, { data: { challenge: 'NEW_PASSWORD_REQUIRED', session: 's' } }),
        'POST /identity/new-password': () => jsonResponse(400, apiError('NEW_PASSWORD_FAILED')),
      }).handle,
    );
    renderRoutes(routes, '/signin');
    await signInAs('invited@example.com');
    await userEvent.type(await screen.findByLabelText(/^New password/), 'NewPassw0rd');
    await userEvent.type(screen.getByLabelText(/^Repeat password/), 'NewPassw0rd');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We were unable to verify your new password, please try again later.',
    );
  });

  it('says "Oops, something went wrong. Please try again later" on any other failure', async () => {
    fetchMock.mockImplementation(
      fakeApi({ 'POST /identity/sign-in': () => jsonResponse(500, apiError('SIGN_IN_FAILED')) }).handle,
    );
    renderRoutes(routes, '/signin');
    await signInAs('owner@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Oops, something went wrong. Please try again later',
    );
  });

  it('shows the social button and divider when the API has a provider and the query has no g', async () => {
    fetchMock.mockImplementation(
      fakeApi({ 'GET /identity/oidc': () => jsonResponse(200, { data: { enabled: true } }) }).handle,
    );
    renderRoutes(routes, '/signin?redirect=%2Fpayouts');
    const button = await screen.findByRole('link', { name: 'Continue with social sign-in' });
    expect(button.getAttribute('href')).toMatch(/\/api\/identity\/oidc\/authorize\?redirect=%2Fpayouts$/);
    expect(screen.getByText('or')).toBeInTheDocument();
  });

  it('hides the social button and divider when the query has g', async () => {
    const api = fakeApi({ 'GET /identity/oidc': () => jsonResponse(200, { data: { enabled: true } }) });
    fetchMock.mockImplementation(api.handle);
    renderRoutes(routes, '/signin?g=1');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /social sign-in/ })).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('shortens the social button label under 330 px wide', async () => {
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('329.98px'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    fetchMock.mockImplementation(
      fakeApi({ 'GET /identity/oidc': () => jsonResponse(200, { data: { enabled: true } }) }).handle,
    );
    renderRoutes(routes, '/signin');
    expect(await screen.findByRole('link', { name: 'Social sign-in' })).toBeInTheDocument();
    matchMedia.mockRestore();
  });
});
