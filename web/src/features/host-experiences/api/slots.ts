/**
 * The availability editor's calls: the derived slots of a month with their booked counts
 * (`GET /api/host/experiences/{id}/slots?from&to`) and the overrides (`PUT …/slots`: one slot, a day or a range,
 * closed, reopened or given another capacity), which answer with the changed days.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { daysInMonth } from '@domain/calendar';
import type { HostSlotsView, SlotOverrideRequest } from '@domain/schemas/host-api';
import { retryUnlessClientError, useAuthorizedApi } from '../../../lib/back-office-auth/use-authorized-api';
import { HOST_QUERY_ROOT } from '../../../lib/back-office/host-account';

/** `yyyy-MM` → its first and last date. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: `${month}-01`, to: `${month}-${String(daysInMonth(y, m)).padStart(2, '0')}` };
}

const slotsRoot = (id: string) => [...HOST_QUERY_ROOT, 'slots', id] as const;

export function useMonthSlots(experienceId: string, month: string) {
  const api = useAuthorizedApi();
  const { from, to } = monthRange(month);
  return useQuery({
    queryKey: [...slotsRoot(experienceId), month],
    queryFn: ({ signal }) =>
      api<HostSlotsView>(
        `/host/experiences/${encodeURIComponent(experienceId)}/slots?from=${from}&to=${to}`,
        { signal },
      ),
    staleTime: 15_000,
    refetchOnWindowFocus: true,
    retry: retryUnlessClientError,
  });
}

export function useUpdateSlots(experienceId: string) {
  const api = useAuthorizedApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SlotOverrideRequest) =>
      api<HostSlotsView>(`/host/experiences/${encodeURIComponent(experienceId)}/slots`, {
        method: 'PUT',
        body: change,
      }),
    onSuccess: (changed) => {
      // The answer carries the changed days: lay them over every cached month at once.
      queryClient.setQueriesData<HostSlotsView>({ queryKey: slotsRoot(experienceId) }, (view) => {
        if (!view) return view;
        const days = { ...view.days };
        let touched = false;
        for (const [date, slots] of Object.entries(changed.days)) {
          if (date in days) {
            days[date] = slots;
            touched = true;
          }
        }
        return touched ? { ...view, days } : view;
      });
    },
  });
}

/** After the rule changed (saved), every month's slots are different. */
export function useInvalidateSlots(experienceId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: slotsRoot(experienceId) });
}
