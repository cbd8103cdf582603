import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import type { RouteHandle } from '../lib/navigation/route-handle.ts';
import { Page } from './page.tsx';
import { PageHeader } from './page-header.tsx';

describe('PageHeader', () => {
  it('shows the route trail as breadcrumbs, the title as the only h1 and the primary action', async () => {
    renderRoutes(
      [
        { id: 'users', path: '/users', element: <p>users</p> },
        {
          id: 'add-user',
          path: '/users/add',
          handle: {
            crumbs: [{ labelKey: 'nav.users', routeId: 'users' }, { labelKey: 'routes.add-user' }],
          } satisfies RouteHandle,
          element: <PageHeader title="Invite user" action={<Button>Send</Button>} />,
        },
      ],
      '/users/add',
    );
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumbs' });
    expect(trail).toHaveTextContent('Users');
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Invite user');
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
  });

  it('shows a one-step trail on single-level screens, and sets the document title through Page', async () => {
    renderRoutes(
      [
        {
          id: 'all-devices',
          path: '/devices',
          handle: { crumbs: [{ labelKey: 'nav.devices' }] } satisfies RouteHandle,
          element: <Page titleKey="routes.all-devices" />,
        },
      ],
      '/devices',
    );
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumbs' });
    expect(trail).toHaveTextContent('Devices');
    expect(document.title).toBe('Devices · Merchant portal');
  });
});
