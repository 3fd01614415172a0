import { useMutation } from '@tanstack/react-query';
import type { Booking, Experience } from '@domain/entities';
import { useApi } from '../../../app/api';

/** `POST /api/bookings/lookup` (DESIGN §6): the booking's guest-facing fields and the experience facts. */
export type LookupBooking = Pick<
  Booking,
  | 'reference'
  | 'status'
  | 'date'
  | 'time'
  | 'guests'
  | 'amount'
  | 'currency'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'specialRequests'
  | 'language'
  | 'createdAt'
>;

export type LookupExperience = Pick<
  Experience,
  | 'id'
  | 'title'
  | 'price'
  | 'postalCode'
  | 'prefecture'
  | 'city'
  | 'district'
  | 'streetAddress'
  | 'building'
  | 'mapLat'
  | 'mapLng'
  | 'cancellationPolicy'
> & { businessName: string | null };

export interface LookupResult {
  booking: LookupBooking;
  /** Null when the experience has since been removed; the booking is still shown. */
  experience: LookupExperience | null;
}

export interface LookupInput {
  email: string;
  reference: string;
}

export function useLookupBooking() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: LookupInput) =>
      api<LookupResult>('/bookings/lookup', { method: 'POST', body: input }),
  });
}
