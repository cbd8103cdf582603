import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useEndedSessionRedirect } from '../../features/session/use-ended-session-redirect.ts';
import MantineRoot from '../../lib/mantine/mantine-root.tsx';
import { queryClient } from '../query-client.ts';

/** TanStack Query and Mantine for the signed-in layouts (main, onboarding, native-app, standalone). */
export function SignedInProviders({ children }: { children: ReactNode }) {
  useEndedSessionRedirect();
  return (
    <QueryClientProvider client={queryClient}>
      <MantineRoot>{children}</MantineRoot>
    </QueryClientProvider>
  );
}
