import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api/api-error.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // 4xx answers are final; only network and server failures are retried.
      retry: (failureCount, error) => failureCount < 2 && !(isApiError(error) && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});
