import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, renderRoutes } from '../../../../test/render.tsx';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import SignInScreen from './sign-in.tsx';

const routes = [
  { path: '/signin', Component: SignInScreen },
  { path: '/', Component: () => <p>home page</p> },
  { path: '/transactions', Component: () => <p>transactions page</p> },
];

const session = {
  idToken: 'id',
  accessToken: 'access',
  refreshToken: 'refresh',
  expiresAt: '2099-01-01T00:00:00.000Z',
  user: {
    id: 'u1',
    email: 'owner@example.com',
    groups: ['Merchants'],
    isConfigured: true,
    firstName: 'Olive',
    lastName: 'Owner',
    preferences: { locale: 'en-GB' },
    twoFactor: { enabled: false, verified: false },
  },
};

let fetchMock: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(fakeApi({}).handle);
});
afterEach(() => {
  fetchMock.mockRestore();
  sessionStore.clear();
});

const emailField = () => screen.getByLabelText(/^Email/);
const passwordField = () => screen.getByLabelText(/^Password/);
const submit = () => screen.getByRole('button', { name: 'Sign in' });

describe('sign-in screen', () => {
  it('keeps submit disabled while the form is invalid', async () => {
    renderRoutes(routes, '/signin');
    expect(submit()).toBeDisabled();
    await userEvent.type(emailField(), 'owner@example.com');
    expect(submit()).toBeDisabled();
    await userEvent.type(passwordField(), 'secret');
    await waitFor(() => expect(submit()).toBeEnabled());
  });

  it('says "Required" for an empty email and password', async () => {
    renderRoutes(routes, '/signin');
    await userEvent.click(emailField());
    await userEvent.click(passwordField());
    await userEvent.click(document.body);
    expect(await screen.findAllByText('Required')).toHaveLength(2);
  });

  it('says "Email must be valid" for an invalid email', async () => {
    renderRoutes(routes, '/signin');
    await userEvent.type(emailField(), 'not-an-email');
    await userEvent.click(passwordField());
    expect(await screen.findByText('Email must be valid')).toBeInTheDocument();
  });

  it('lowercases the email before the call, stores the session and follows the redirect query', async () => {
    const api = fakeApi({ 'POST /identity/sign-in': () => jsonResponse(200, { data: session }) });
    fetchMock.mockImplementation(api.handle);
    renderRoutes(routes, '/signin?redirect=%2Ftransactions');
    await userEvent.type(emailField(), 'Owner@Example.COM');
    await userEvent.type(passwordField(), 'secret');
    await userEvent.click(submit());
    expect(await screen.findByText('transactions page')).toBeInTheDocument();
    expect(api.bodiesOf('POST /identity/sign-in')).toEqual([
      { email: 'owner@example.com', password: 'secret' },
    ]);
    expect(sessionStore.get()?.tokens.accessToken).toBe('access');
  });

  it('goes to / when there is no redirect query', async () => {
    fetchMock.mockImplementation(
      fakeApi({ 'POST /identity/sign-in': () => jsonResponse(200, { data: session }) }).handle,
    );
    renderRoutes(routes, '/signin');
    await userEvent.type(emailField(), 'owner@example.com');
    await userEvent.type(passwordField(), 'secret');
    await userEvent.click(submit());
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });

  it('shows "Incorrect email or password" as a warning alert on bad credentials', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'POST /identity/sign-in': () =>
          jsonResponse(401, {
            error: { code: 'INCORRECT_CREDENTIALS', message: 'Incorrect email or password' },
          }),
      }).handle,
    );
    renderRoutes(routes, '/signin');
    await userEvent.type(emailField(), 'owner@example.com');
    await userEvent.type(passwordField(), 'wrong');
    await userEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password');
    expect(sessionStore.get()).toBeNull();
  });

  it('links to /join keeping the redirect, and to /forgot', () => {
    renderRoutes(routes, '/signin?redirect=%2Fpayouts');
    expect(screen.getByRole('link', { name: 'Join now' })).toHaveAttribute(
      'href',
      '/join?redirect=%2Fpayouts',
    );
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot');
  });

  it('marks both fields required and lets the password be shown and hidden by a named toggle', async () => {
    renderRoutes(routes, '/signin');
    expect(emailField()).toBeRequired();
    expect(passwordField()).toBeRequired();
    expect(passwordField()).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(passwordField()).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(toggle);
    expect(passwordField()).toHaveAttribute('type', 'password');
  });
});

// Issue 2 §8: /signin downloads no Mantine, so the screen must work without MantineProvider around it.
describe('sign-in screen without Mantine', () => {
  it('signs in with only i18next and the router around it', async () => {
    const api = fakeApi({ 'POST /identity/sign-in': () => jsonResponse(200, { data: session }) });
    fetchMock.mockImplementation(api.handle);
    const router = createMemoryRouter(routes, { initialEntries: ['/signin'] });
    render(
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    await userEvent.type(emailField(), 'not-an-email');
    await userEvent.click(passwordField());
    expect(await screen.findByText('Email must be valid')).toBeInTheDocument();
    await userEvent.clear(emailField());
    await userEvent.type(emailField(), 'Owner@Example.com');
    await userEvent.type(passwordField(), 'secret');
    await userEvent.click(submit());
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(api.bodiesOf('POST /identity/sign-in')).toEqual([
      { email: 'owner@example.com', password: 'secret' },
    ]);
  });
});
