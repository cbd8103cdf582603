// The early entry (index.html, before main.tsx; docs/decisions/0104): a few KB that run as soon as the page has
// parsed, while the app's code is still downloading. The colour scheme first (so nothing paints in the wrong one),
// then the cookie dialog of a first visit, which is then painted with the page's first frame instead of after the
// app's first render (issue 16 §2).
import { applyStoredColorScheme } from './lib/color-scheme.ts';
import { startConsentBanner } from './lib/consent/consent-banner.ts';

applyStoredColorScheme();
startConsentBanner();
