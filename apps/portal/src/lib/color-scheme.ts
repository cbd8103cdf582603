/** Where Mantine's colour scheme manager keeps the user's choice (MantineProvider's default key). */
export const COLOR_SCHEME_KEY = 'mantine-color-scheme-value';

/**
 * Sets `data-mantine-color-scheme` on <html> before the first render, from the remembered choice else the system
 * preference. Mantine does this once it loads; doing it in the entry means the Mantine-free public pages (/signin)
 * follow it too, and no signed-in page flashes light before going dark. Run by the early entry (early.ts), which
 * imports nothing the app's entry does (localStorage directly, not lib/storage).
 */
export function applyStoredColorScheme(): void {
  const system = window.matchMedia?.('(prefers-color-scheme: dark)');
  const apply = () => {
    const stored = localStorage.getItem(COLOR_SCHEME_KEY);
    const scheme = stored === 'light' || stored === 'dark' ? stored : system?.matches ? 'dark' : 'light';
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  };
  apply();
  // Until the user picks a scheme, the page follows the system as it changes, as Mantine does on signed-in pages.
  system?.addEventListener?.('change', apply);
}
