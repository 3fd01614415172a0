/**
 * Keeps the prerendered guest pages fresh (issue 17, DESIGN §4e). Called with the changes the use cases announced
 * (an experience created, edited, published, unpublished or deleted; a host suspended or reinstated) — never on
 * the request path. It re-renders only what a change touches: the experience's page (or deletes it when the
 * experience is no longer public), home, the list and the sitemap. A host change re-renders every experience page
 * that exists or should exist, since a suspension hides a whole host. `all` renders everything (first deploy).
 */
import {
  experiencePath,
  guestPageTarget,
  PAGES_PREFIX,
  NOT_FOUND_PAGE_KEY,
  robotsTxt,
  ROBOTS_KEY,
  SITEMAP_KEY,
  sitemapXml,
  STATIC_GUEST_PATHS,
} from '../domain/guest-pages';
import { errorFields } from './console-logger';
import type { Logger } from './ports';

/** The EventBridge source and detail type of a change (the renderer's rule matches them). */
export const GUEST_PAGE_EVENT_SOURCE = 'marketplace.pages';
export const GUEST_PAGE_EVENT_TYPE = 'GuestPageChanged';

export type GuestPageChange =
  { kind: 'experience'; experienceId: string } | { kind: 'host'; hostId: string } | { kind: 'all' };

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
}

/** Every published experience of a host who is not suspended: what the public list answers. */
export interface PublishedCatalogue {
  published(): Promise<{ id: string; updatedAt?: string }[]>;
}

const HTML = 'text/html; charset=utf-8';

export function makeRefreshGuestPages(deps: {
  renderer: GuestPageRenderer;
  store: GuestPageStore;
  catalogue: PublishedCatalogue;
  baseUrl: string;
}) {
  async function renderExperience(id: string): Promise<void> {
    const key = guestPageTarget(experiencePath(id))!.key;
    const page = await deps.renderer.render(experiencePath(id));
    // Unknown, unpublished or suspended: no page, so the resolver answers the 404 page.
    if (page.status === 404) await deps.store.delete(key);
    else await deps.store.put(key, page.html, HTML);
  }

  async function renderPath(path: string): Promise<void> {
    const page = await deps.renderer.render(path);
    if (page.status !== 200) throw new Error(`The guest page ${path} rendered as ${page.status}`);
    await deps.store.put(guestPageTarget(path)!.key, page.html, HTML);
  }

  return async function refreshGuestPages(
    changes: readonly GuestPageChange[],
  ): Promise<{ rendered: number }> {
    const all = changes.some((c) => c.kind === 'all');
    const hostChange = changes.some((c) => c.kind === 'host');
    const published = await deps.catalogue.published();
    const ids = new Set<string>();
    for (const c of changes) if (c.kind === 'experience') ids.add(c.experienceId);
    if (all || hostChange) {
      for (const e of published) ids.add(e.id);
      const experiencePrefix = `${PAGES_PREFIX}experience/`;
      for (const key of await deps.store.list(experiencePrefix)) {
        ids.add(key.slice(experiencePrefix.length).replace(/\.html$/, ''));
      }
    }
    for (const id of ids) await renderExperience(id);
    // Home shows the newest cards and the list its first page: a change to any experience may change both.
    const paths = all ? STATIC_GUEST_PATHS : (['/', '/experiences'] as const);
    for (const path of paths) await renderPath(path);
    if (all) {
      const notFound = await deps.renderer.render('/experience/__not-found');
      await deps.store.put(NOT_FOUND_PAGE_KEY, notFound.html, HTML);
      await deps.store.put(ROBOTS_KEY, robotsTxt(deps.baseUrl), 'text/plain; charset=utf-8');
    }
    await deps.store.put(SITEMAP_KEY, sitemapXml(deps.baseUrl, published), 'application/xml; charset=utf-8');
    return { rendered: ids.size + paths.length + (all ? 1 : 0) };
  };
}
