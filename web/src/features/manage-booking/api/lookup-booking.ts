import { useMutation } from '@tanstack/react-query';
import type { LookupBookingResult } from '@domain/booking-views';
import { useApi } from '../../../app/api';

export interface LookupInput {
  email: string;
  reference: string;
}

/** `POST /api/bookings/lookup` (DESIGN §6): the booking's guest-facing fields and the experience facts. */
export function useLookupBooking() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: LookupInput) =>
      api<LookupBookingResult>('/bookings/lookup', { method: 'POST', body: input }),
  });
}
