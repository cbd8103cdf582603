import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n/i18n.ts';
import { Toaster } from '../lib/notifications/toaster.tsx';

/**
 * What every page needs around the router: i18next and the toaster (which loads Mantine's notifications, with
 * their own Mantine provider, at the first toast). No MantineProvider here: /signin is Mantine-free, and the
 * layouts and screens built with Mantine bring it (lib/mantine/mantine-root.tsx). TanStack Query is provided by
 * the signed-in layouts only (signed-in-providers.tsx). Both keep /signin within its budget (issue 2 §8).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <Toaster />
      {children}
    </I18nextProvider>
  );
}
