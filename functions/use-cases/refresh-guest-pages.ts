/**
 * Keeps the prerendered guest pages fresh (issue 17, DESIGN §4e). Called with the changes the use cases announced
 * (an experience created, edited, published, unpublished or deleted; a host suspended or reinstated) — never on
 * the request path. It re-renders only what a change touches: the experience's page (or deletes it when the
 * experience is no longer public), home, the list and the sitemap. A host change re-renders every experience page
 * that exists or should exist, since a suspension hides a whole host. `all` renders everything (first deploy).
 * Every page is rendered in every site language (issue 19), each under its own key.
 */
import { guestLocales } from '../domain/entities';
import {
  experiencePath,
  guestPageTarget,
  pathInLanguage,
  robotsTxt,
  ROBOTS_KEY,
  SITEMAP_KEY,
  sitemapXml,
  STATIC_GUEST_PATHS,
  UNKNOWN_PATH_RENDER_PATH,
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
    for (const locale of guestLocales) {
      const path = pathInLanguage(experiencePath(id), locale);
      const key = guestPageTarget(path)!.key;
      const page = await deps.renderer.render(path);
      // Unknown, unpublished or suspended: no page, so the resolver answers the 404 page.
      if (page.status === 404) await deps.store.delete(key);
      else await deps.store.put(key, page.html, HTML);
    }
  }

  async function renderPath(englishPath: string): Promise<void> {
    for (const locale of guestLocales) {
      const path = pathInLanguage(englishPath, locale);
      const page = await deps.renderer.render(path);
      if (page.status !== 200) throw new Error(`The guest page ${path} rendered as ${page.status}`);
      await deps.store.put(guestPageTarget(path)!.key, page.html, HTML);
    }
  }

  /**
   * The not-found pages of every language, answered with status 404: the experience's (an experience without a
   * page) and the site's (a path the site does not have, issue 32 item 9).
   */
  async function renderNotFound(): Promise<void> {
    for (const locale of guestLocales) {
      for (const englishPath of ['/experience/__not-found', UNKNOWN_PATH_RENDER_PATH]) {
        const path = pathInLanguage(englishPath, locale);
        const notFound = await deps.renderer.render(path);
        await deps.store.put(guestPageTarget(path)!.notFoundKey, notFound.html, HTML);
      }
    }
  }

  /** The ids of the experiences that have a page in any language. */
  async function storedExperienceIds(): Promise<string[]> {
    const ids: string[] = [];
    for (const locale of guestLocales) {
      const prefix = guestPageTarget(pathInLanguage('/experience/x', locale))!.key.replace(/x\.html$/, '');
      for (const key of await deps.store.list(prefix))
        ids.push(key.slice(prefix.length).replace(/\.html$/, ''));
    }
    return ids;
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
      for (const id of await storedExperienceIds()) ids.add(id);
    }
    for (const id of ids) await renderExperience(id);
    // Home shows the newest cards and the list its first page: a change to any experience may change both.
    const paths = all ? STATIC_GUEST_PATHS : (['/', '/experiences'] as const);
    for (const path of paths) await renderPath(path);
    if (all) {
      await renderNotFound();
      await deps.store.put(ROBOTS_KEY, robotsTxt(deps.baseUrl), 'text/plain; charset=utf-8');
    }
    await deps.store.put(SITEMAP_KEY, sitemapXml(deps.baseUrl, published), 'application/xml; charset=utf-8');
    return { rendered: (ids.size + paths.length + (all ? 1 : 0)) * guestLocales.length };
  };
}
