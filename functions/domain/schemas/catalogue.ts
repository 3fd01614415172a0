/**
 * Query strings of the public catalogue routes (DESIGN §6). Query values arrive as strings (or are absent);
 * blanks are treated as absent so `?prefecture=&q=` means "no filter".
 */
import * as z from 'zod';
import { compareDates, isCalendarDate } from '../calendar';
import { SEARCH_MAX_LENGTH, SEARCH_TOO_LONG_MESSAGE } from '../search-text';
import { calendarDate } from './common';

export const experienceSorts = ['newest', 'lowest_price'] as const;
export const experienceSortSchema = z.enum(experienceSorts);
export type ExperienceSort = z.infer<typeof experienceSortSchema>;

export const DEFAULT_LIST_LIMIT = 50;
export const MAX_LIST_LIMIT = 100;
const MAX_CATEGORY_FILTERS = 50;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const listExperiencesQuery = z.object({
  prefecture: z.preprocess(blankToUndefined, z.string().trim().max(50).optional()),
  /** `categories=a,b,c` → `['a', 'b', 'c']` (trimmed, blanks and repeats dropped; absent when none). */
  categories: z.preprocess(
    blankToUndefined,
    z
      .string()
      .optional()
      .transform((v) => {
        if (v === undefined) return undefined;
        const ids = [
          ...new Set(
            v
              .split(',')
              .map((s) => s.trim())
              .filter((s) => s !== ''),
          ),
        ];
        return ids.length > 0 ? ids : undefined;
      })
      .pipe(z.array(z.string().max(100)).max(MAX_CATEGORY_FILTERS).optional()),
  ),
  sort: z.preprocess(blankToUndefined, experienceSortSchema.default('newest')),
  q: z.preprocess(
    blankToUndefined,
    z.string().trim().max(SEARCH_MAX_LENGTH, { error: SEARCH_TOO_LONG_MESSAGE }).optional(),
  ),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1).max(MAX_LIST_LIMIT).default(DEFAULT_LIST_LIMIT),
  ),
  /** The `cursor` of the previous page's answer: the next page (opaque; checked by the use case). */
  cursor: z.preprocess(blankToUndefined, z.string().max(1000).optional()),
});
export type ListExperiencesQuery = z.infer<typeof listExperiencesQuery>;

const dateBound = (name: 'start' | 'end', param: 'from' | 'to') =>
  z.preprocess(
    blankToUndefined,
    calendarDate(
      `The ${name} date (${param}) must be a real date written yyyy-MM-dd, e.g. 2026-05-01.`,
    ).optional(),
  );

/**
 * `?from&to` of the availability route. Either bound may be left out: the use case opens it to the bookable window
 * (no bounds at all = the whole window), and clips what is given to it.
 */
export const availabilityQuery = z
  .object({ from: dateBound('start', 'from'), to: dateBound('end', 'to') })
  // Field refinements do not stop object refinements in zod, so compare only two real dates.
  .refine(
    (q) =>
      q.from === undefined ||
      q.to === undefined ||
      !isCalendarDate(q.from) ||
      !isCalendarDate(q.to) ||
      compareDates(q.from, q.to) <= 0,
    { error: 'The end date (to) must not be before the start date (from).', path: ['to'] },
  );
export type AvailabilityQuery = z.infer<typeof availabilityQuery>;
