import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, aSession } from '../../../../test/identity.ts';
import { fakeApi, jsonResponse, renderRoutes } from '../../../../test/render.tsx';
import { sessionStore } from '../../../lib/session/session-store.ts';
import JoinScreen from './join.tsx';

const routes = [
  { path: '/join', Component: JoinScreen },
  { path: '/onboarding', Component: () => <p>onboarding page</p> },
];
const delivery = { medium: 'EMAIL', destination: 'n***@example.com' };

let fetchMock: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  fetchMock = vi.spyOn(globalThis, 'fetch');
});
afterEach(() => {
  fetchMock.mockRestore();
  sessionStore.clear();
});

async function fillSignUp(values: { email: string; phone: string; password: string; repeat: string }) {
  await userEvent.type(screen.getByLabelText(/^Email/), values.email);
  await userEvent.type(screen.getByLabelText(/^Phone number/), values.phone);
  await userEvent.type(screen.getByLabelText(/^Password/), values.password);
  await userEvent.type(screen.getByLabelText(/^Repeat password/), values.repeat);
  await userEvent.tab();
}
const createAccount = () => screen.getByRole('button', { name: 'Create account' });

describe('join (sign-up)', () => {
  it('shows every SPEC §5 message and keeps submit disabled while invalid', async () => {
    renderRoutes(routes, '/join');
    expect(
      screen.getByText('Minimum 8 characters, with upper case, lower case and a symbol or number'),
    ).toBeInTheDocument();
    await fillSignUp({ email: 'not-an-email', phone: '12', password: 'password', repeat: 'different' });
    expect(await screen.findByText('Email must be valid')).toBeInTheDocument();
    // Decision 0135: neither in SPEC §5's pattern nor in international form.
    expect(screen.getByText('Invalid number')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Passwords must be at least 8 characters long, contain at least one number, one uppercase letter, and one lowercase letter.',
      ),
    ).toBeInTheDocument();
    expect(createAccount()).toBeDisabled();
  });

  it('reads "Please enter a valid phone number" for a number in international form that is none', async () => {
    renderRoutes(routes, '/join');
    await userEvent.type(screen.getByLabelText(/^Phone number/), '+44 12');
    await userEvent.tab();
    expect(await screen.findByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(screen.queryByText('Invalid number')).toBeNull();
    await userEvent.clear(screen.getByLabelText(/^Phone number/));
    await userEvent.type(screen.getByLabelText(/^Phone number/), '+44 20 7946 0000');
    await waitFor(() => expect(screen.queryByText('Please enter a valid phone number')).toBeNull());
  });

  it('says "Passwords must match" and "Required" for the repeat password', async () => {
    renderRoutes(routes, '/join');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Passw0rdX');
    await userEvent.click(screen.getByLabelText(/^Repeat password/));
    await userEvent.tab();
    expect(await screen.findByText('Required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Repeat password/), 'Passw0rdY');
    await userEvent.tab();
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
  });

  it('signs up with the lowercased email, confirms the code, signs in and goes into onboarding', async () => {
    const api = fakeApi({
      'POST /identity/sign-up': () => jsonResponse(201, { data: { userConfirmed: false, delivery } }),
      'POST /identity/confirm-sign-up': () => jsonResponse(200, { data: { ok: true } }),
      'POST /identity/sign-in': () => jsonResponse(200, { data: aSession }),
    });
    fetchMock.mockImplementation(api.handle);
    renderRoutes(routes, '/join');
    await fillSignUp({
      email: 'New@Example.COM',
      phone: '+447911123456',
      password: 'Passw0rdX',
      repeat: 'Passw0rdX',
    });
    await waitFor(() => expect(createAccount()).toBeEnabled());
    await userEvent.click(createAccount());

    await userEvent.type(await screen.findByLabelText(/^Confirmation code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('onboarding page')).toBeInTheDocument();
    expect(await screen.findByText('Your email has been verified.')).toBeInTheDocument();
    expect(api.bodiesOf('POST /identity/sign-up')).toEqual([
      { email: 'new@example.com', phone_number: '+447911123456', password: 'Passw0rdX', locale: 'en-GB' },
    ]);
    expect(api.bodiesOf('POST /identity/confirm-sign-up')).toEqual([
      { email: 'new@example.com', code: '123456' },
    ]);
    expect(api.bodiesOf('POST /identity/sign-in')).toEqual([
      { email: 'new@example.com', password: 'Passw0rdX' },
    ]);
    expect(sessionStore.get()?.tokens.accessToken).toBe('access');
  });

  it.each([
    { code: 'USER_EXISTS', status: 409, message: 'A user already exists with that email address.' },
    { code: 'INVALID_PARAMETERS', status: 400, message: 'Invalid email, phone or password' },
    { code: 'SIGN_UP_FAILED', status: 500, message: 'Error signing up. Please try again' },
  ])('shows $code as "$message"', async ({ code, status, message }) => {
    fetchMock.mockImplementation(
      fakeApi({ 'POST /identity/sign-up': () => jsonResponse(status, apiError(code)) }).handle,
    );
    renderRoutes(routes, '/join');
    await fillSignUp({
      email: 'a@example.com',
      phone: '+447911123456',
      password: 'Passw0rdX',
      repeat: 'Passw0rdX',
    });
    await waitFor(() => expect(createAccount()).toBeEnabled());
    await userEvent.click(createAccount());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
