/**
 * React Query for the bridge. Reads retry little: the core already serves cached answers while
 * the service is away, and a cashier must see a problem at once rather than after backoff.
 */
import { QueryClient } from '@tanstack/react-query';
import { BridgeError } from '../../shared/bridge/errors.js';

/** Failures worth one more try: the network, a timeout, a back office busy for a moment. */
const TRANSIENT = new Set(['NETWORK_ERROR', 'TIMEOUT', 'UPSTREAM_FAILURE', 'RATE_LIMITED', 'IDEMPOTENCY_IN_PROGRESS']);

/**
 * One retry, and only of a transient failure: a refusal (an unknown code, a code with letters)
 * would be refused again, and the retry's delay (a second) is what the cashier would wait.
 */
export const retryTransient = (failures: number, error: unknown): boolean =>
  failures < 1 && error instanceof BridgeError && TRANSIENT.has(error.code);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retryTransient, staleTime: 5_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
