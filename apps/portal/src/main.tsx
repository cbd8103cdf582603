import './app/styles/baseline.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { consentTexts } from './lib/consent/consent-texts.ts';
import { applyLocale, storedLocale } from './lib/i18n/i18n.ts';
import { startSessionRefresh } from './lib/session/refresh-session.ts';

// The colour scheme is applied by the early entry (early.ts), which runs before this one.
const router = createAppRouter();
startSessionRefresh();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The cookie-consent library, then (only with consent) analytics and error reporting: in chunks of their own, so no
// page's first download carries them (issue 14 §2, docs/decisions/0082). The first dialog of a first visit is
// already on screen (early.ts paints it, decision 0104); the library's chunk and the preferences' texts in the stored
// language are requested now, alongside the language's, and run after the first render to answer its buttons.
const cookieConsent = import('./lib/consent/cookie-consent.ts');
void consentTexts[storedLocale()]().catch(() => undefined);

// The stored language is loaded and applied before the first render so no screen flashes in another language.
void applyLocale(storedLocale()).finally(() => {
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
  void cookieConsent.then((consent) => consent.startCookieConsent(router));
});
