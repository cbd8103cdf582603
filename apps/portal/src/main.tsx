import './app/styles/base-styles.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { queryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.tsx';
import { applyLocale, storedLocale } from './lib/i18n/i18n.ts';
import { startSessionRefresh } from './lib/session/refresh-session.ts';

const router = createAppRouter(queryClient);
startSessionRefresh();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The stored language is applied before the first render so no screen flashes in English.
void applyLocale(storedLocale()).finally(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
