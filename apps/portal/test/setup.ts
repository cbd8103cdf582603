import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { applyLocale, loadSignedInTexts } from '../src/lib/i18n/i18n.ts';

// Mantine under jsdom needs these browser APIs (DESIGN §2).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  // An empty query matches every medium, as in browsers (mantine-datatable hides columns whose query fails).
  value: (query: string) => ({
    matches: query.trim() === '',
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStandIn {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStandIn;
// Configurable: the setup runs again for every file in a worker that runs many (vite.config.ts).
Object.defineProperty(window.HTMLElement.prototype, 'scrollIntoView', {
  value: () => {},
  configurable: true,
});

// The app loads the active locale before its first render (main.tsx); tests start in en-GB.
await applyLocale('en-GB');
await loadSignedInTexts();

afterEach(() => {
  cleanup();
  localStorage.clear();
});
