/**
 * React Query for the bridge. Reads retry little: the core already serves cached answers while
 * the service is away, and a cashier must see a problem at once rather than after backoff.
 */
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, staleTime: 5_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
