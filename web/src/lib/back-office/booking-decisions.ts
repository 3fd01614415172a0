/**
 * Approve or deny a pending booking, for both back offices (the host's own, the admin's on a host's behalf): the
 * answer replaces the cached booking, then the area's lists and counters are refetched.
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useAuthorizedApi } from '../back-office-auth/use-authorized-api';

export function useBookingDecision<View extends { id: string }>(options: {
  action: 'approve' | 'deny';
  /** The area's bookings route, `/host/bookings` or `/admin/bookings`. */
  path: string;
  /** The area's bookings query root: `[...root, 'one', id]` and `[...root, 'list']`. */
  bookingsRoot: readonly unknown[];
  /** Other queries the decision changes (the host dashboard, the admin's host detail). */
  alsoChanged: QueryKey[];
}) {
  const { action, path, bookingsRoot, alsoChanged } = options;
  const api = useAuthorizedApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      api<View>(`${path}/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
        body: action === 'deny' ? { reason } : undefined,
      }),
    onSuccess: (booking) => {
      queryClient.setQueryData([...bookingsRoot, 'one', booking.id], booking);
    },
    onSettled: () => {
      for (const queryKey of [[...bookingsRoot, 'list'], ...alsoChanged]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
