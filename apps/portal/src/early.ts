// The early entry (index.html, before main.tsx; docs/decisions/0104): a few KB that run as soon as the page has
// parsed, while the app's code is still downloading. The colour scheme first (so nothing paints in the wrong one),
// then the cookie dialog of a first visit, which is then painted with the page's first frame instead of after the
// app's first render (issue 16 §2). Then, when a session is stored (the page is a signed-in one, whose first render
// formats dates and amounts), ICU's data is loaded now, while the code downloads, instead of inside that render
// (lib/format/warm-intl.ts; on a first visit the dialog's first frame waits for it, ~20 ms on a desktop).
import { applyStoredColorScheme } from './lib/color-scheme.ts';
import { startConsentBanner, storedLocale } from './lib/consent/consent-banner.ts';
import { hasStoredSession, warmIntl } from './lib/format/warm-intl.ts';

applyStoredColorScheme();
startConsentBanner();
if (hasStoredSession()) warmIntl(storedLocale());
