import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '../../../../test/identity.ts';
import { fakeApi, jsonResponse, renderRoutes } from '../../../../test/render.tsx';
import ForgotPasswordScreen from './forgot-password.tsx';

const routes = [
  { path: '/forgot', Component: ForgotPasswordScreen },
  { path: '/signin', Component: () => <p>sign-in page</p> },
];
const delivery = { medium: 'EMAIL', destination: 'o***@example.com' };

let fetchMock: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  fetchMock = vi.spyOn(globalThis, 'fetch');
});
afterEach(() => fetchMock.mockRestore());

const field = (label: RegExp) => screen.getByLabelText(label);

describe('forgot password', () => {
  it('sends a code to the lowercased email, then resets with the code and goes to /signin with a notification', async () => {
    const api = fakeApi({
      'POST /identity/forgot-password': () => jsonResponse(200, { data: { delivery } }),
      'POST /identity/confirm-forgot-password': () => jsonResponse(200, { data: { ok: true } }),
    });
    fetchMock.mockImplementation(api.handle);
    renderRoutes(routes, '/forgot');
    const send = screen.getByRole('button', { name: 'Send code' });
    expect(send).toBeDisabled();
    await userEvent.type(field(/^Email/), 'Owner@Example.COM');
    await waitFor(() => expect(send).toBeEnabled());
    await userEvent.click(send);

    const code = await screen.findByLabelText(/^Reset code/);
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(field(/^Email/)).toHaveValue('owner@example.com');
    await userEvent.type(code, '654321');
    await userEvent.type(field(/^New password/), 'Passw0rdX');
    await userEvent.type(field(/^Repeat password/), 'Passw0rdX');
    const reset = screen.getByRole('button', { name: 'Reset password' });
    await waitFor(() => expect(reset).toBeEnabled());
    await userEvent.click(reset);

    expect(await screen.findByText('sign-in page')).toBeInTheDocument();
    expect(
      await screen.findByText('Your password has been reset. Sign in with your new password.'),
    ).toBeInTheDocument();
    expect(api.bodiesOf('POST /identity/forgot-password')).toEqual([{ email: 'owner@example.com' }]);
    expect(api.bodiesOf('POST /identity/confirm-forgot-password')).toEqual([
      { email: 'owner@example.com', code: '654321', password: 'Passw0rdX' },
    ]);
  });

  it('opens step 2 prefilled from ?t=forgot&e=..&c=..', () => {
    renderRoutes(routes, '/forgot?t=forgot&e=owner%40example.com&c=123456');
    expect(field(/^Email/)).toHaveValue('owner@example.com');
    expect(field(/^Reset code/)).toHaveValue('123456');
    expect(screen.queryByRole('button', { name: 'Send code' })).toBeNull();
  });

  it('stays on step 1 without t=forgot', () => {
    renderRoutes(routes, '/forgot?e=owner%40example.com&c=123456');
    expect(screen.getByRole('button', { name: 'Send code' })).toBeInTheDocument();
  });

  it('says "Required" and "Code must contain numbers only" for the reset code', async () => {
    renderRoutes(routes, '/forgot?t=forgot&e=owner%40example.com&c=1');
    await userEvent.clear(field(/^Reset code/));
    await userEvent.tab();
    expect(await screen.findByText('Required')).toBeInTheDocument();
    await userEvent.type(field(/^Reset code/), '12ab56');
    await userEvent.tab();
    expect(await screen.findByText('Code must contain numbers only')).toBeInTheDocument();
  });

  it.each([
    ['LIMIT_EXCEEDED', 'Please wait 10 minutes before trying again.'],
    ['RATE_LIMITED', 'Too many requests. Please wait a minute and try again.'],
  ])('shows %s on step 1 as a warning alert under the exception title', async (code, message) => {
    fetchMock.mockImplementation(
      fakeApi({ 'POST /identity/forgot-password': () => jsonResponse(429, apiError(code)) }).handle,
    );
    renderRoutes(routes, '/forgot');
    await userEvent.type(field(/^Email/), 'owner@example.com');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent(message);
  });

  it.each([
    ['CODE_MISMATCH', 'Invalid password reset code, please try again.'],
    ['CODE_EXPIRED', 'Verification code has expired, please request a new one.'],
  ])('shows %s on step 2 as "%s"', async (code, message) => {
    fetchMock.mockImplementation(
      fakeApi({ 'POST /identity/confirm-forgot-password': () => jsonResponse(400, apiError(code)) }).handle,
    );
    renderRoutes(routes, '/forgot?t=forgot&e=owner%40example.com&c=123456');
    await userEvent.type(field(/^New password/), 'Passw0rdX');
    await userEvent.type(field(/^Repeat password/), 'Passw0rdX');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reset password' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
