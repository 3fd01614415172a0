/**
 * Keeps the prerendered guest pages fresh (issue 17, DESIGN §4e; incremental since issue 33, §4i). Called with the
 * changes the use cases announced (an experience created, edited, published, unpublished or deleted; a review; a
 * host suspended or reinstated) — never on the request path. A change is planned into small jobs
 * (`domain/guest-page-jobs.ts`): the experience's pages in every language, and home, the list and the sitemap only
 * when card data changed. Each job is run on its own (`runGuestPageJob`): one SQS message per job in AWS, parallel
 * batches locally (`makeRefreshGuestPages`). A job that reads the catalogue reads one bounded page of it (straight
 * from the table) and hands the rest on as further jobs, so a full render of any catalogue is a fan-out, never one
 * long run. Every page is rendered in every site language (issue 19), each under its own key.
 */
import { guestLocales, type GuestLocale } from '../domain/entities';
import {
  planGuestPageJobs,
  uniqueJobs,
  type GuestPageChange,
  type GuestPageJob,
} from '../domain/guest-page-jobs';
import {
  experiencePath,
  guestPageTarget,
  pathInLanguage,
  robotsTxt,
  ROBOTS_KEY,
  SITEMAP_KEY,
  SITEMAP_URL_LIMIT,
  sitemapEntries,
  sitemapFileKey,
  sitemapFileXml,
  sitemapIndexXml,
  SITEMAPS_PREFIX,
  STATIC_GUEST_PATHS,
  UNKNOWN_PATH_RENDER_PATH,
} from '../domain/guest-pages';
import { errorFields } from './console-logger';
import type { GuestPageCatalogue } from './guest-page-ports';
import type { Logger } from './ports';

export type { GuestPageChange, GuestPageJob };

/** The EventBridge source and detail type of a change (the renderer's rule matches them). */
export const GUEST_PAGE_EVENT_SOURCE = 'marketplace.pages';
export const GUEST_PAGE_EVENT_TYPE = 'GuestPageChanged';

/** Announces changes to the renderer (EventBridge in AWS, the in-process queue locally). */
export interface GuestPageEvents {
  changed(change: GuestPageChange): Promise<void>;
}

/**
 * Announces a change after the use case's write has succeeded. Never fails the host's or admin's action: the
 * write stands, and the next change (or the renderer's full run) brings the pages up to date.
 */
export async function announcePageChange(
  deps: { pageEvents?: GuestPageEvents; logger: Pick<Logger, 'error'> },
  change: GuestPageChange,
): Promise<void> {
  if (!deps.pageEvents) return;
  try {
    await deps.pageEvents.changed(change);
  } catch (e) {
    deps.logger.error('Guest page change could not be announced', { change, ...errorFields(e) });
  }
}

/** Renders one guest page with the SPA's server entry. */
export interface GuestPageRenderer {
  render(path: string): Promise<{ status: 200 | 404; html: string }>;
}

/** The site bucket's `pages/` prefix (S3 in AWS, the local S3 store locally). */
export interface GuestPageStore {
  put(key: string, body: string, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Keys under the prefix. */
  list(prefix: string): Promise<string[]>;
  /** One page of the keys under the prefix (at most about a thousand), and where the next page starts. */
  listPage(prefix: string, cursor?: string): Promise<{ keys: string[]; cursor?: string }>;
}

const HTML = 'text/html; charset=utf-8';
const XML = 'application/xml; charset=utf-8';

/** Cards read per `catalogue`/`host` job: a hundred experience jobs handed on per page. */
export const CATALOGUE_PAGE_SIZE = 100;
/** Cards read per query while writing the sitemap (its read is paged; only one file is held at a time). */
const SITEMAP_READ_PAGE = 500;

export interface GuestPageDeps {
  renderer: GuestPageRenderer;
  store: GuestPageStore;
  catalogue: GuestPageCatalogue;
  baseUrl: string;
  /** URLs per sitemap file (the protocol's 50,000; tests pass a small one). */
  sitemapUrlLimit?: number;
  /** Catalogue entries read per `catalogue`/`host` job. */
  pageSize?: number;
}

/** What a job did: pages written or removed, and the jobs it hands on. */
export interface GuestPageJobResult {
  rendered: number;
  next: GuestPageJob[];
}

/** The English page last on write and first on delete: its page-key entry stands for every language's. */
const writeOrder: readonly GuestLocale[] = [...guestLocales.filter((l) => l !== 'en'), 'en'];
const deleteOrder: readonly GuestLocale[] = ['en', ...guestLocales.filter((l) => l !== 'en')];

export function makeGuestPageJobRunner(deps: GuestPageDeps) {
  const urlLimit = Math.max(guestLocales.length, deps.sitemapUrlLimit ?? SITEMAP_URL_LIMIT);
  const pageSize = deps.pageSize ?? CATALOGUE_PAGE_SIZE;
  const experienceKey = (id: string, locale: GuestLocale) =>
    guestPageTarget(pathInLanguage(experiencePath(id), locale))!.key;

  async function removeExperience(id: string): Promise<void> {
    for (const locale of deleteOrder) await deps.store.delete(experienceKey(id, locale));
  }

  async function renderExperience(id: string): Promise<number> {
    const pages = new Map(
      await Promise.all(
        guestLocales.map(
          async (locale) =>
            [locale, await deps.renderer.render(pathInLanguage(experiencePath(id), locale))] as const,
        ),
      ),
    );
    // Unknown, unpublished or suspended: no page, so the resolver answers the 404 page.
    if (pages.get('en')!.status === 404) {
      await removeExperience(id);
      return guestLocales.length;
    }
    for (const locale of writeOrder)
      await deps.store.put(experienceKey(id, locale), pages.get(locale)!.html, HTML);
    return guestLocales.length;
  }

  async function renderPath(englishPath: string): Promise<number> {
    await Promise.all(
      guestLocales.map(async (locale) => {
        const path = pathInLanguage(englishPath, locale);
        const page = await deps.renderer.render(path);
        if (page.status !== 200) throw new Error(`The guest page ${path} rendered as ${page.status}`);
        await deps.store.put(guestPageTarget(path)!.key, page.html, HTML);
      }),
    );
    return guestLocales.length;
  }

  /**
   * The not-found pages of every language, answered with status 404: the experience's (an experience without a
   * page) and the site's (a path the site does not have, issue 32 item 9).
   */
  async function renderNotFound(): Promise<number> {
    let rendered = 0;
    for (const locale of guestLocales) {
      for (const englishPath of ['/experience/__not-found', UNKNOWN_PATH_RENDER_PATH]) {
        const path = pathInLanguage(englishPath, locale);
        const notFound = await deps.renderer.render(path);
        await deps.store.put(guestPageTarget(path)!.notFoundKey, notFound.html, HTML);
        rendered++;
      }
    }
    return rendered;
  }

  /**
   * The sitemap index and its files from a paged read of the published catalogue: a file is written each time
   * the next experience's URLs would pass the limit (an experience's languages stay in one file), the index after
   * every file it names, and files beyond the new count are removed last.
   */
  async function writeSitemap(): Promise<number> {
    let files = 0;
    let entries: string[] = [];
    const flush = async () => {
      files++;
      await deps.store.put(sitemapFileKey(files), sitemapFileXml(entries), XML);
      entries = [];
    };
    const add = async (block: string[]) => {
      if (entries.length + block.length > urlLimit) await flush();
      entries.push(...block);
    };
    for (const path of STATIC_GUEST_PATHS) await add(sitemapEntries(deps.baseUrl, path));
    let cursor: string | undefined;
    do {
      const page = await deps.catalogue.publishedPage(cursor, SITEMAP_READ_PAGE);
      for (const id of page.ids) await add(sitemapEntries(deps.baseUrl, experiencePath(id)));
      cursor = page.cursor;
    } while (cursor);
    if (entries.length > 0) await flush();
    await deps.store.put(SITEMAP_KEY, sitemapIndexXml(deps.baseUrl, files), XML);
    for (const key of await deps.store.list(SITEMAPS_PREFIX)) {
      const n = Number(/(\d+)\.xml$/.exec(key)?.[1] ?? NaN);
      if (!(n <= files)) await deps.store.delete(key);
    }
    return files + 1;
  }

  /** One page of stored English experience pages: removes the pages of experiences that are no longer public. */
  async function prune(cursor: string | undefined): Promise<GuestPageJobResult> {
    const prefix = experienceKey('x', 'en').replace(/x\.html$/, '');
    const page = await deps.store.listPage(prefix, cursor);
    const ids = page.keys.map((key) => key.slice(prefix.length).replace(/\.html$/, ''));
    const shown = await deps.catalogue.publicIds(ids);
    const gone = ids.filter((id) => !shown.has(id));
    for (const id of gone) await removeExperience(id);
    return {
      rendered: gone.length * guestLocales.length,
      next: page.cursor ? [{ kind: 'prune', cursor: page.cursor }] : [],
    };
  }

  const experienceJobs = (ids: readonly string[]) =>
    ids.map((id): GuestPageJob => ({ kind: 'experience', id }));

  return async function runGuestPageJob(job: GuestPageJob): Promise<GuestPageJobResult> {
    switch (job.kind) {
      case 'experience':
        return { rendered: await renderExperience(job.id), next: [] };
      case 'page':
        return { rendered: await renderPath(job.path), next: [] };
      case 'not-found':
        return { rendered: await renderNotFound(), next: [] };
      case 'robots':
        await deps.store.put(ROBOTS_KEY, robotsTxt(deps.baseUrl), 'text/plain; charset=utf-8');
        return { rendered: 1, next: [] };
      case 'sitemap':
        return { rendered: await writeSitemap(), next: [] };
      case 'catalogue': {
        const page = await deps.catalogue.publishedPage(job.cursor, pageSize);
        const more: GuestPageJob[] = page.cursor ? [{ kind: 'catalogue', cursor: page.cursor }] : [];
        return { rendered: 0, next: [...experienceJobs(page.ids), ...more] };
      }
      case 'host': {
        const page = await deps.catalogue.hostExperiencePage(job.hostId, job.cursor, pageSize);
        const more: GuestPageJob[] = page.cursor
          ? [{ kind: 'host', hostId: job.hostId, cursor: page.cursor }]
          : [];
        return { rendered: 0, next: [...experienceJobs(page.ids), ...more] };
      }
      case 'prune':
        return prune(job.cursor);
    }
  };
}

/** Jobs run at once by the in-process runner (the local stack and tests): rendering is mostly CPU, reads overlap. */
export const LOCAL_JOB_CONCURRENCY = 4;

/**
 * The in-process runner (the local stack, tests): plans the changes and runs the jobs in parallel batches, each
 * batch's handed-on jobs joining the next, until none are left. In AWS the same jobs travel as SQS messages
 * (`functions/events/render-guest-pages.ts`).
 */
export function makeRefreshGuestPages(deps: GuestPageDeps & { concurrency?: number }) {
  const run = makeGuestPageJobRunner(deps);
  const concurrency = Math.max(1, deps.concurrency ?? LOCAL_JOB_CONCURRENCY);
  return async function refreshGuestPages(
    changes: readonly GuestPageChange[],
  ): Promise<{ rendered: number; jobs: number }> {
    let queue = planGuestPageJobs(changes);
    let rendered = 0;
    let jobs = 0;
    while (queue.length > 0) {
      const batch = queue.slice(0, concurrency);
      const results = await Promise.all(batch.map((job) => run(job)));
      jobs += batch.length;
      rendered += results.reduce((n, r) => n + r.rendered, 0);
      queue = uniqueJobs([...queue.slice(concurrency), ...results.flatMap((r) => r.next)]);
    }
    return { rendered, jobs };
  };
}
