import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../query-client.ts';

/**
 * The query client for the public screens that read the API (/payment-method-success). Loaded lazily by the
 * public layout, so /signin downloads no TanStack Query (docs/decisions/0040).
 */
export default function PublicQueryRoot({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
