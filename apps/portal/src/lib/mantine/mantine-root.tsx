import './mantine-styles.ts';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * Mantine's provider, theme and core styles for the parts of the portal built with Mantine: the signed-in layouts,
 * the public screens other than /signin, the sign-in challenges and the toaster. Never imported by the entry: /signin
 * is Mantine-free (issue 2 §8, docs/decisions/0040), so everything Mantine arrives with the first screen needing it.
 */
export default function MantineRoot({ children }: { children: ReactNode }) {
  // Every CSS variable from the theme at run time. The colour scheme follows the system until the user picks one in
  // the user menu; the choice is remembered in localStorage (Mantine's default colour scheme manager).
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      deduplicateCssVariables={false}
      defaultColorScheme="auto"
    >
      {children}
    </MantineProvider>
  );
}
