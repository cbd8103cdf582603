// Chromium loads ICU's data when a page makes its first Intl formatter: 17–33 ms of the main thread on the
// benchmark host, every later formatter 0.3–6 ms (docs/PERFORMANCE.md, "Session 23 (screens)"). A signed-in page's
// first render formats dates and amounts, so that cost fell inside one of its slices, which React cannot split
// (issue 16 §2). The early entry (early.ts) makes one formatter of each kind instead, while the app's code downloads.

/** The key of the stored session (lib/storage's STORAGE_KEYS.session, written out so the early entry stays small). */
export const SESSION_KEY = 'mp.session';

/** Loads ICU's data for `locale` by making (and using) a date and a number formatter. */
export function warmIntl(locale: string): void {
  try {
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(0);
    new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(0);
  } catch {
    // A locale Intl rejects: the app's own formatters meet it later, as before.
  }
}

/** True when a session is stored: the page about to render is a signed-in one. */
export function hasStoredSession(): boolean {
  try {
    return localStorage.getItem(SESSION_KEY) !== null;
  } catch {
    return false;
  }
}
