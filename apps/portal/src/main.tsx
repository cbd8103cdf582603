import './app/styles/baseline.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { applyStoredColorScheme } from './lib/color-scheme.ts';
import { applyLocale, storedLocale } from './lib/i18n/i18n.ts';
import { startSessionRefresh } from './lib/session/refresh-session.ts';

applyStoredColorScheme();
const router = createAppRouter();
startSessionRefresh();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The stored language is loaded and applied before the first render so no screen flashes in another language.
void applyLocale(storedLocale()).finally(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  // The cookie-consent dialog, then (only with consent) analytics and error reporting: after the first render and
  // in chunks of their own, so no page's first download carries them (issue 14 §2, docs/decisions/0082).
  void import('./lib/consent/cookie-consent.ts').then((consent) => consent.startCookieConsent(router));
});
