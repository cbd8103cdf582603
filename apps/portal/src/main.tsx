import './app/styles/baseline.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { scheduleCookieConsent } from './lib/consent/consent-library.ts';
import { applyLocale, storedLocale } from './lib/i18n/i18n.ts';
import { startSessionRefresh } from './lib/session/refresh-session.ts';

// The colour scheme is applied by the early entry (early.ts), which runs before this one.
const router = createAppRouter();
startSessionRefresh();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The stored language is loaded and applied before the first render so no screen flashes in another language (the
// render happens whether or not its texts could be loaded; a failure is reported as an uncaught error would be).
const render = (): void => {
  const appRoot = createRoot(root);
  // A transition, so React renders the first screen in slices of a few ms instead of one task: when the router has
  // already loaded the route (its loader and code came before the texts), a plain render drew the whole signed-in
  // layout and screen in one task, the longest of a first visit at 10× CPU (issue 16 §2, decision 0114). The router's
  // own updates are transitions already.
  startTransition(() =>
    appRoot.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
};
const firstRender = applyLocale(storedLocale()).then(render, (error: unknown) => {
  render();
  reportError(error);
});
// The cookie-consent library: when, lib/consent/consent-library.ts.
scheduleCookieConsent(router, firstRender);
