/**
 * Which guest pages a change touches (issue 33, DESIGN §4i "Pages"): pure planning, no reads. A change becomes a
 * few small jobs, each a unit of rendering the renderer runs on its own (one SQS message each in AWS, a parallel
 * batch locally):
 * - an experience edit: that experience's pages in every language; home, the list and the sitemap only when what
 *   its card shows changed (title, price, photo, rating, publish/unpublish…; `cardChanged`, absent → assume yes);
 * - a host suspended or reinstated: the host's experiences (read page by page by the `host` job), home, list,
 *   sitemap;
 * - everything (after a deploy): every static page, the not-found pages, robots.txt, the sitemap, the published
 *   catalogue (the `catalogue` job reads one page of it and hands the rest on) and a sweep of stored experience
 *   pages whose experience is no longer public (`prune`, page by page as well).
 */
import { STATIC_GUEST_PATHS } from './guest-pages';

export type GuestPageChange =
  | {
      kind: 'experience';
      experienceId: string;
      /**
       * Whether what the experience's card shows changed (home, the list and the sitemap then re-render). Absent in
       * events of before issue 33: treated as changed.
       */
      cardChanged?: boolean;
    }
  | { kind: 'host'; hostId: string }
  | { kind: 'all' };

export type GuestPageJob =
  /** One experience's page in every language (or their removal when it is not public). */
  | { kind: 'experience'; id: string }
  /** A page besides the experiences (home, the list, /ehime, a static page) in every language. */
  | { kind: 'page'; path: string }
  /** The not-found pages of every language. */
  | { kind: 'not-found' }
  | { kind: 'robots' }
  /** The sitemap index and its files, from a paged read of the published catalogue. */
  | { kind: 'sitemap' }
  /** One page of the published catalogue: an `experience` job per card, and the next page's job. */
  | { kind: 'catalogue'; cursor?: string }
  /** One page of a host's experiences (any status): an `experience` job each, and the next page's job. */
  | { kind: 'host'; hostId: string; cursor?: string }
  /** One page of the stored experience pages: removes those whose experience is no longer public. */
  | { kind: 'prune'; cursor?: string };

/** The pages home and the list show cards on: re-rendered when card data changed. */
export const CARD_PAGES = ['/', '/experiences'] as const;

/** A job's identity: the same job planned twice in one batch runs once. */
export const jobKey = (job: GuestPageJob): string => JSON.stringify(job);

export function planGuestPageJobs(changes: readonly GuestPageChange[]): GuestPageJob[] {
  const jobs: GuestPageJob[] = [];
  let cards = false;
  if (changes.some((c) => c.kind === 'all')) {
    jobs.push(
      { kind: 'catalogue' },
      { kind: 'prune' },
      ...STATIC_GUEST_PATHS.map((path): GuestPageJob => ({ kind: 'page', path })),
      { kind: 'not-found' },
      { kind: 'robots' },
      { kind: 'sitemap' },
    );
    return jobs;
  }
  for (const change of changes) {
    if (change.kind === 'experience') {
      jobs.push({ kind: 'experience', id: change.experienceId });
      if (change.cardChanged !== false) cards = true;
    } else if (change.kind === 'host') {
      jobs.push({ kind: 'host', hostId: change.hostId });
      cards = true;
    }
  }
  if (cards) {
    jobs.push(...CARD_PAGES.map((path): GuestPageJob => ({ kind: 'page', path })), { kind: 'sitemap' });
  }
  return uniqueJobs(jobs);
}

export function uniqueJobs(jobs: readonly GuestPageJob[]): GuestPageJob[] {
  const seen = new Set<string>();
  return jobs.filter((job) => {
    const key = jobKey(job);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** What a job's message carries, checked on the way in (a queue may hold messages of an older renderer). */
export function parseGuestPageJob(value: unknown): GuestPageJob | null {
  if (typeof value !== 'object' || value === null) return null;
  const job = value as Record<string, unknown>;
  const text = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 2048;
  const optional = (v: unknown) => v === undefined || text(v);
  switch (job.kind) {
    case 'experience':
      return text(job.id) ? { kind: 'experience', id: job.id as string } : null;
    case 'page':
      return (STATIC_GUEST_PATHS as readonly unknown[]).includes(job.path)
        ? { kind: 'page', path: job.path as string }
        : null;
    case 'not-found':
    case 'robots':
    case 'sitemap':
      return { kind: job.kind };
    case 'catalogue':
    case 'prune':
      return optional(job.cursor)
        ? { kind: job.kind, ...(job.cursor ? { cursor: job.cursor as string } : {}) }
        : null;
    case 'host':
      return text(job.hostId) && optional(job.cursor)
        ? {
            kind: 'host',
            hostId: job.hostId as string,
            ...(job.cursor ? { cursor: job.cursor as string } : {}),
          }
        : null;
    default:
      return null;
  }
}

/**
 * Whether an experience edit changed what its card shows (home, the list, the sitemap): the card's fields and
 * whether it is public at all. The rating is not in the experience: a review announces `cardChanged` itself.
 */
export function cardDataChanged<
  E extends {
    publicationStatus: string;
    title: string;
    description: string;
    price: number;
    mainImages: readonly string[];
    prefecture: string;
    city: string;
    tags?: unknown;
    durationMinutes?: number;
  },
>(before: E | null, after: E | null): boolean {
  if (!before || !after) return true;
  const card = (e: E) =>
    JSON.stringify([
      e.publicationStatus,
      e.title,
      e.description,
      e.price,
      e.mainImages[0] ?? null,
      e.prefecture,
      e.city,
      e.tags ?? null,
      e.durationMinutes ?? null,
    ]);
  return card(before) !== card(after);
}
