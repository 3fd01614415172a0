/**
 * The concierge's offers (DESIGN §4h, §6 wave 4): every offer a page at a time (newest first, optionally of one
 * status), making one (the server holds the slot and mails the guest) and withdrawing one (the slot is released).
 * What the form needs to choose well comes from the public catalogue (published experiences, their free starts)
 * and the host's page (the commission the platform fee defaults to).
 */
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { AdminHostView } from '@domain/back-office-views';
import type { ExperienceCard } from '@domain/entities';
import type { AdminOfferRequest } from '@domain/schemas/offer';
import { retryUnlessClientError, useAuthorizedApi } from '../../../lib/back-office-auth/use-authorized-api';
import { ADMIN_QUERY_ROOT } from '../../../lib/back-office/admin-account';
import type { AdminOffer, CreatedOffer, OfferStatus } from '../../../lib/back-office/concierge';
import { OFFERS_ROOT, useRefreshConcierge } from '../../../lib/back-office/concierge-api';
import type { AvailabilityAnswer, ExperienceDetail } from '../../../lib/catalogue-api';

const PAGE_SIZE = 50;

export function useAdminOffers(status: OfferStatus | '') {
  const api = useAuthorizedApi();
  return useInfiniteQuery({
    queryKey: [...OFFERS_ROOT, 'list', status],
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (status) search.set('status', status);
      if (pageParam) search.set('cursor', pageParam);
      return api<{ items: AdminOffer[]; cursor?: string }>(`/admin/offers?${search}`, { signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor,
    staleTime: 15_000,
    retry: retryUnlessClientError,
  });
}

/** `POST /api/admin/offers` with the form's parsed values. */
export function useCreateOffer() {
  const api = useAuthorizedApi();
  const refresh = useRefreshConcierge();
  return useMutation({
    mutationFn: (offer: AdminOfferRequest) =>
      api<CreatedOffer>('/admin/offers', { method: 'POST', body: offer }),
    onSettled: refresh,
  });
}

/** `POST /api/admin/offers/{id}/withdraw`: 409 once the guest has booked it. */
export function useWithdrawOffer() {
  const api = useAuthorizedApi();
  const refresh = useRefreshConcierge();
  return useMutation({
    mutationFn: ({ id }: { id: string }) =>
      api<{ status: 'withdrawn' }>(`/admin/offers/${encodeURIComponent(id)}/withdraw`, { method: 'POST' }),
    onSettled: refresh,
  });
}

/** Published experiences to choose from (the public catalogue, newest first; `q` searches as the guest site does). */
export function useOfferableExperiences(q: string) {
  const api = useAuthorizedApi();
  return useQuery({
    queryKey: [...OFFERS_ROOT, 'experiences', q],
    queryFn: async ({ signal }) => {
      const search = new URLSearchParams({ limit: '100' });
      if (q) search.set('q', q);
      return (await api<{ items: ExperienceCard[] }>(`/experiences?${search}`, { signal })).items;
    },
    staleTime: 60_000,
    placeholderData: (previous) => previous,
    retry: retryUnlessClientError,
  });
}

/** The chosen experience: price per person, party size limits, length. */
export function useOfferExperience(id: string) {
  const api = useAuthorizedApi();
  return useQuery({
    queryKey: [...OFFERS_ROOT, 'experience', id],
    queryFn: ({ signal }) => api<ExperienceDetail>(`/experiences/${encodeURIComponent(id)}`, { signal }),
    enabled: Boolean(id),
    staleTime: 60_000,
    retry: retryUnlessClientError,
  });
}

/** The free starts of the experience (`GET /api/experiences/{id}/availability`, the whole bookable window). */
export function useOfferAvailability(id: string) {
  const api = useAuthorizedApi();
  return useQuery({
    queryKey: [...OFFERS_ROOT, 'availability', id],
    queryFn: ({ signal }) =>
      api<AvailabilityAnswer>(`/experiences/${encodeURIComponent(id)}/availability`, { signal }),
    enabled: Boolean(id),
    staleTime: 15_000,
    retry: retryUnlessClientError,
  });
}

/** The experience's host as the admin sees it (its commission, whether it is suspended). */
export function useOfferHost(hostId: string | undefined) {
  const api = useAuthorizedApi();
  return useQuery({
    queryKey: [...ADMIN_QUERY_ROOT, 'hosts', 'one', hostId],
    queryFn: ({ signal }) => api<AdminHostView>(`/admin/hosts/${encodeURIComponent(hostId!)}`, { signal }),
    enabled: Boolean(hostId),
    retry: retryUnlessClientError,
  });
}
