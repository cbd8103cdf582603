import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { pathTo, ROUTE_PATHS } from '../lib/paths.ts';
import { STORAGE_KEYS, writeJson } from '../lib/storage/local-storage.ts';
import { createRoutes } from './router.tsx';

function ids(routes: ReturnType<typeof createRoutes>): string[] {
  return routes.flatMap((route) => [route.id ?? '', ...ids(route.children ?? [])]);
}

describe('route table', () => {
  const routes = createRoutes();

  it('has a route for every path of SPEC §2.1, with the label as its id', () => {
    const all = ids(routes);
    for (const id of Object.keys(ROUTE_PATHS)) expect(all).toContain(id);
  });

  it('shows "Did you get lost?" for an unknown path', async () => {
    renderRoutes(createRoutes(), '/no/such/page');
    // The first lazy screen of the file compiles on demand: slow on a busy 2-core machine.
    expect(
      await screen.findByRole('heading', { name: 'Did you get lost?' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('shows "Something is not right" with a way back home on the not-right page', async () => {
    renderRoutes(createRoutes(), pathTo('not-right'));
    expect(await screen.findByRole('heading', { name: 'Something is not right' })).toBeInTheDocument();
    expect(
      screen.getByText('Something is not right. Please try again later or contact support.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Take me home' })).toBeInTheDocument();
  });

  it('redirects /signup to /join', async () => {
    const { router } = renderRoutes(createRoutes(), '/signup?redirect=%2Fpayouts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/join'), { timeout: 5000 });
    expect(router.state.location.search).toBe('?redirect=%2Fpayouts');
  });

  // SPEC §2.2: a feature-flag guard per route name; sign-up is one of SPEC's route labels.
  it('sends /signup to /not-found when its feature flag exists and is off', async () => {
    writeJson(STORAGE_KEYS.featureFlags, { 'sign-up': false });
    const { router } = renderRoutes(createRoutes(), '/signup?redirect=%2Fpayouts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-found'), { timeout: 5000 });
    expect(await screen.findByRole('heading', { name: 'Did you get lost?' })).toBeInTheDocument();
  });

  it('still redirects /signup to /join, query kept, when its flag is on', async () => {
    writeJson(STORAGE_KEYS.featureFlags, { 'sign-up': true, join: true });
    const { router } = renderRoutes(createRoutes(), '/signup?g=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/join'), { timeout: 5000 });
    expect(router.state.location.search).toBe('?g=1');
  });

  it('sends a signed-out deep link to /signin with the path as redirect', async () => {
    const { router } = renderRoutes(createRoutes(), '/transactions');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'), { timeout: 5000 });
    expect(router.state.location.search).toBe('?redirect=%2Ftransactions');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });
});
