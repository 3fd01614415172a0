import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../../app/api';
import type { LookupInput } from './lookup-booking';

export interface GuestCancellationAnswer {
  status: 'cancelled';
  refundAmount: number;
  chargedAmount: number;
}

/**
 * `POST /api/bookings/cancel-code` (issue 29): mails the booking's guest a 6-digit code. The API answers `202 {}`
 * whatever the pair, so a sent code is only ever "sent if the booking is yours".
 */
export function useRequestCancelCode() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: LookupInput) =>
      api<Record<string, never>>('/bookings/cancel-code', { method: 'POST', body: input }),
  });
}

/**
 * `POST /api/bookings/cancel` (DESIGN §6): the guest's own cancellation, identified as the lookup identifies them,
 * with the code mailed to them.
 */
export function useCancelBooking() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: LookupInput & { code: string }) =>
      api<GuestCancellationAnswer>('/bookings/cancel', { method: 'POST', body: input }),
  });
}
