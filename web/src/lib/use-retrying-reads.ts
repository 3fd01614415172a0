import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { isTemporaryFailure } from './api-client';

/** A read that failed for a passing reason (503, no connection) and is about to be, or being, asked again. */
const isRetrying = (query: Query) =>
  query.state.fetchStatus === 'fetching' &&
  query.state.fetchFailureCount > 0 &&
  isTemporaryFailure(query.state.fetchFailureReason);

/**
 * True while any read of the page is retrying after the API or the network failed for a moment (DESIGN §4f), so
 * the page can say so calmly instead of leaving the guest in front of a spinner that seems stuck.
 */
export function useRetryingReads(): boolean {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  return useSyncExternalStore(
    subscribe,
    () => cache.getAll().some(isRetrying),
    () => false,
  );
}
