/**
 * The public catalogue calls (DESIGN §6) several features share: experience cards (home carousel, landing page,
 * list, search), one experience (detail page, booking form), its availability and the categories. Types come from
 * the domain's zod schemas (type-only imports: no zod in the pages that only read).
 */
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Category, Experience, ExperienceCard } from '@domain/entities';
import type { ExperienceSort } from '@domain/schemas/catalogue';
import type { RatingSummary } from '@domain/reviews';
import { useApi } from '../app/api';
import type { ApiClient } from './api-client';

export interface ExperienceListParams {
  prefecture?: string;
  categories?: readonly string[];
  sort?: ExperienceSort;
  q?: string;
  limit?: number;
}

/** `GET /api/hosts/{id}` and the `host` of the detail answer. */
export interface PublicHost {
  id: string;
  businessName: string;
  introduction: string | null;
  avatarUrl: string | null;
}

/** `GET /api/experiences/{id}`: the experience, its category ids and its host's public fields. */
export type ExperienceDetail = Experience & {
  categoryIds?: string[];
  host?: PublicHost | null;
  /** Once reviewed (DESIGN §4e). */
  rating?: RatingSummary;
};

export interface AvailabilityAnswer {
  timeZone: string;
  /** Only dates with at least one free slot; start times sorted. */
  dates: Record<string, string[]>;
}

export function experienceListQueryString(params: ExperienceListParams): string {
  const search = new URLSearchParams();
  if (params.prefecture) search.set('prefecture', params.prefecture);
  if (params.categories && params.categories.length > 0)
    search.set('categories', params.categories.join(','));
  if (params.sort && params.sort !== 'newest') search.set('sort', params.sort);
  if (params.q) search.set('q', params.q);
  if (params.limit) search.set('limit', String(params.limit));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The queries as options, shared by the hooks below and by the route loaders that start them while a page's code is
 * still downloading (app/prefetch.ts): the same key and function, so the page's hook picks up the running request.
 */
export function experienceCardsQuery(api: ApiClient, params: ExperienceListParams) {
  const qs = experienceListQueryString(params);
  return queryOptions({
    queryKey: ['experiences', qs],
    queryFn: async ({ signal }) =>
      (await api<{ items: ExperienceCard[] }>(`/experiences${qs}`, { signal })).items,
  });
}

/** Cards per page of the experience list (a multiple of its 2, 3 and 4 columns). */
export const LIST_PAGE_SIZE = 24;

/** One page of `GET /api/experiences`: `cursor` while more cards follow. */
export interface ExperienceCardPage {
  items: ExperienceCard[];
  cursor?: string;
}

/** The experience list, page by page (each page asks for the cards after the previous one's cursor). */
export function experienceCardPagesQuery(api: ApiClient, params: ExperienceListParams) {
  const qs = experienceListQueryString({ ...params, limit: LIST_PAGE_SIZE });
  return infiniteQueryOptions({
    queryKey: ['experiences', qs, 'pages'],
    queryFn: ({ pageParam, signal }) =>
      api<ExperienceCardPage>(
        `/experiences${qs}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ExperienceCardPage) => last.cursor ?? null,
  });
}

export function useExperienceCardPages(params: ExperienceListParams, options: { enabled?: boolean } = {}) {
  const api = useApi();
  return useInfiniteQuery({ ...experienceCardPagesQuery(api, params), enabled: options.enabled ?? true });
}

export function useExperienceCards(params: ExperienceListParams, options: { enabled?: boolean } = {}) {
  const api = useApi();
  return useQuery({ ...experienceCardsQuery(api, params), enabled: options.enabled ?? true });
}

/** Guest spec §2: detail data is fresh for 5 minutes. */
export const EXPERIENCE_STALE_MS = 5 * 60_000;

export function experienceQuery(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: ['experience', id],
    queryFn: ({ signal }) => api<ExperienceDetail>(`/experiences/${encodeURIComponent(id)}`, { signal }),
    staleTime: EXPERIENCE_STALE_MS,
  });
}

export function useExperience(id: string | undefined) {
  const api = useApi();
  return useQuery({ ...experienceQuery(api, id ?? ''), enabled: Boolean(id) });
}

/** The free starts of an experience over `range` (Tokyo dates), as the booking form asks for them. */
export function availabilityQuery(api: ApiClient, experienceId: string, range: { from: string; to: string }) {
  return queryOptions({
    queryKey: ['availability', experienceId, range.from, range.to],
    queryFn: ({ signal }) =>
      api<AvailabilityAnswer>(
        `/experiences/${encodeURIComponent(experienceId)}/availability?from=${range.from}&to=${range.to}`,
        { signal },
      ),
    // Slots are taken by other guests all the time: always ask again when the form mounts (an answer asked for
    // earlier, issue 34's early request, is shown meanwhile).
    staleTime: 0,
  });
}

export function useAvailability(
  experienceId: string | undefined,
  range: { from: string; to: string } | null,
) {
  const api = useApi();
  return useQuery({
    ...availabilityQuery(api, experienceId ?? '', range ?? { from: '', to: '' }),
    enabled: Boolean(experienceId && range),
  });
}

export function categoriesQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['categories'],
    queryFn: async ({ signal }) =>
      (await api<{ items: Pick<Category, 'id' | 'name'>[] }>('/categories', { signal })).items,
    staleTime: 10 * 60_000,
  });
}

export function useCategories() {
  const api = useApi();
  return useQuery(categoriesQuery(api));
}

/** The key of `GET /api/hosts/{id}`: the detail loader fills it from the detail answer's `host`. */
export const hostQueryKey = (hostId: string | undefined) => ['host', hostId] as const;

export function useHost(hostId: string | undefined, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: hostQueryKey(hostId),
    queryFn: ({ signal }) => api<PublicHost>(`/hosts/${encodeURIComponent(hostId!)}`, { signal }),
    enabled: Boolean(hostId) && enabled,
    retry: false,
  });
}
