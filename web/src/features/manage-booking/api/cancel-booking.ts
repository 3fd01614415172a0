import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../../app/api';
import type { LookupInput } from './lookup-booking';

export interface GuestCancellationAnswer {
  status: 'cancelled';
  refundAmount: number;
  chargedAmount: number;
}

/** `POST /api/bookings/cancel` (DESIGN §6): the guest's own cancellation, identified as the lookup identifies them. */
export function useCancelBooking() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: LookupInput) =>
      api<GuestCancellationAnswer>('/bookings/cancel', { method: 'POST', body: input }),
  });
}
