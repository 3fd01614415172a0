/**
 * The list's filters live in the query string (guest spec §2): `prefecture`, `categories` (comma-separated ids)
 * and `sort` (omitted when newest). Parsing and writing are pure so they can be tested without a router.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ExperienceSort } from '@domain/schemas/catalogue';
import { findPrefecture } from '@domain/prefectures';
import type { ExperienceListParams } from '../../../lib/catalogue-api';
import type { MessageKey } from '../../../lib/i18n/i18n';

/**
 * The domain's `experienceSorts`, restated by type: importing the value would pull zod (the module builds its
 * schemas at load) into the list page's chunk. `satisfies` and a component test keep both lists identical.
 */
export const SORT_OPTIONS = [
  { value: 'newest', label: 'filters.newest' },
  { value: 'lowest_price', label: 'filters.lowestPrice' },
] as const satisfies readonly { value: ExperienceSort; label: MessageKey }[];
const SORT_VALUES: readonly string[] = SORT_OPTIONS.map((o) => o.value);

export interface ExperienceFilters {
  prefecture: string | null;
  categories: string[];
  sort: ExperienceSort;
}

/** The query-string keys the filters own. */
const FILTER_KEYS = ['prefecture', 'categories', 'sort'] as const;

export const EMPTY_FILTERS: ExperienceFilters = { prefecture: null, categories: [], sort: 'newest' };

export function parseFilters(params: URLSearchParams): ExperienceFilters {
  const rawPrefecture = params.get('prefecture')?.trim() ?? '';
  // A known prefecture is normalised to its canonical spelling ('ehime' → 'Ehime'); unknown text is dropped.
  const prefecture = rawPrefecture ? (findPrefecture(rawPrefecture)?.name ?? null) : null;
  const categories = [
    ...new Set(
      (params.get('categories') ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  const rawSort = params.get('sort');
  const sort = SORT_VALUES.includes(rawSort ?? '') ? (rawSort as ExperienceSort) : 'newest';
  return { prefecture, categories, sort };
}

/** The query string of a filter state; keys with default values are left out so URLs stay short and shareable. */
export function filtersToSearchParams(filters: ExperienceFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.prefecture) params.set('prefecture', filters.prefecture);
  if (filters.categories.length > 0) params.set('categories', filters.categories.join(','));
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  return params;
}

/** The list query of a filter state (the page and its route loader ask for the same thing). */
export function listQueryParams(filters: ExperienceFilters): ExperienceListParams {
  return {
    prefecture: filters.prefecture ?? undefined,
    categories: filters.categories,
    sort: filters.sort,
  };
}

export function hasActiveFilters(filters: ExperienceFilters): boolean {
  return filters.prefecture !== null || filters.categories.length > 0;
}

/**
 * Filters read from and written to the URL; each change is a new history entry, so Back undoes it (a correction
 * the guest did not make, such as dropping an unknown category, replaces the entry instead).
 */
export function useExperienceFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(searchParams), [searchParams]);
  const update = useCallback(
    (change: Partial<ExperienceFilters>, options: { replace?: boolean } = {}) =>
      setSearchParams((current) => {
        // Other parameters of the page stay (the search page's `q`).
        const next = new URLSearchParams(current);
        for (const key of FILTER_KEYS) next.delete(key);
        for (const [key, value] of filtersToSearchParams({ ...parseFilters(current), ...change }))
          next.set(key, value);
        return next;
      }, options),
    [setSearchParams],
  );
  return { filters, update };
}

/** The chosen category ids that name an active category (a stale or mistyped link may carry others). */
export function knownCategories(chosen: readonly string[], categories: readonly { id: string }[]): string[] {
  const ids = new Set(categories.map((c) => c.id));
  return chosen.filter((id) => ids.has(id));
}
