import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { i18n } from '../src/lib/i18n/i18n.ts';
import { Toaster } from '../src/lib/notifications/toaster.tsx';

export function TestProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const client = queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MantineProvider>
          <Toaster />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

/** Renders routes in a memory router inside the app's providers, starting at `path`. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, router };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type ApiHandler = (request: Request) => Response | Promise<Response>;

/**
 * A fetch stand-in answering by `METHOD /path` (the path without the /api prefix); anything else is a 404.
 * Every call is recorded with its parsed JSON body.
 */
export function fakeApi(routes: Record<string, ApiHandler>) {
  const calls: { route: string; body: unknown }[] = [];
  const handle = async (input: RequestInfo | URL): Promise<Response> => {
    const request = input as Request;
    const route = `${request.method} ${new URL(request.url).pathname.replace(/^\/api/, '')}`;
    const text = await request.clone().text();
    calls.push({ route, body: text ? JSON.parse(text) : undefined });
    const handler = routes[route];
    return handler
      ? handler(request)
      : jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  };
  return {
    handle,
    calls,
    bodiesOf: (route: string) => calls.filter((c) => c.route === route).map((c) => c.body),
  };
}
