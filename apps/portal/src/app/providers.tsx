import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n/i18n.ts';
import { Toaster } from '../lib/notifications/toaster.tsx';
import { theme } from './theme.ts';

/**
 * What every page needs around the router: i18next, Mantine and the toaster (which loads Mantine's
 * notifications with the first toast). TanStack Query is provided by the signed-in layouts only
 * (signed-in-providers.tsx), so the public pages do not download it (issue 2 §8).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      {/* Every CSS variable from the theme at run time, so the public pages skip default-css-variables.css. */}
      <MantineProvider theme={theme} deduplicateCssVariables={false}>
        <Toaster />
        {children}
      </MantineProvider>
    </I18nextProvider>
  );
}
