/**
 * The guest-page renderer's reads, straight from the table (issue 33): the public catalogue's own use cases on
 * the DynamoDB repositories, without the public API in between (no HTTP, no WAF per-IP limit, no full-catalogue
 * read per page). Two faces:
 * - `catalogueFetch`: a `fetch` the SPA's server render (web/src/ssr) calls as it would call the API, answered
 *   in-process by the same use cases the API's routes call, with the API's JSON shapes and error statuses;
 * - `guestPageCatalogue`: the paged reads the renderer's fan-out jobs need (published ids, a host's ids).
 */
import { DomainError } from '../../domain/errors';
import { listExperiencesQuery } from '../../domain/schemas/catalogue';
import type { GuestPageCatalogue } from '../../use-cases/guest-page-ports';
import { makeGetExperience } from '../../use-cases/get-experience';
import { makeGetHostProfile } from '../../use-cases/get-host-profile';
import { makeListCategories } from '../../use-cases/list-categories';
import { makeListExperiences } from '../../use-cases/list-experiences';
import { loadPublishedExperience } from '../../use-cases/published-experience';
import type {
  CategoryRepository,
  ExperienceRepository,
  HostRepository,
  ReviewRepository,
} from '../../use-cases/ports';

export interface CatalogueRepositories {
  experiences: ExperienceRepository;
  hosts: HostRepository;
  categories: CategoryRepository;
  reviews: Pick<ReviewRepository, 'experienceRatings'>;
}

/** The API's status of a domain error the catalogue reads raise (anything else fails the render, to be retried). */
const STATUS: Partial<Record<string, number>> = { not_found: 404, validation_failed: 400 };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A `fetch` for the server render that answers the public catalogue's GET routes (`/experiences`,
 * `/experiences/{id}`, `/categories`, `/hosts/{id}`, under any base path ending in `/api`) from the table. Any
 * other request is refused loudly: the render would otherwise bake a page on something it cannot read.
 */
export function catalogueFetch(repositories: CatalogueRepositories): typeof fetch {
  const listExperiences = makeListExperiences(repositories);
  const getExperience = makeGetExperience(repositories);
  const listCategories = makeListCategories(repositories);
  const getHostProfile = makeGetHostProfile(repositories);

  async function answer(url: URL): Promise<unknown> {
    const path = url.pathname.replace(/^.*?\/api(?=\/)/, '');
    const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
    if (segments[0] === 'experiences' && segments.length === 1) {
      const query = listExperiencesQuery.safeParse(Object.fromEntries(url.searchParams));
      if (!query.success) throw new DomainError('validation_failed', 'The request is not valid.');
      return listExperiences(query.data);
    }
    if (segments[0] === 'experiences' && segments.length === 2) return getExperience(segments[1]!);
    if (segments[0] === 'categories' && segments.length === 1) return listCategories();
    if (segments[0] === 'hosts' && segments.length === 2) return getHostProfile(segments[1]!);
    throw new Error(`The page renderer reads no ${url.pathname} from the table`);
  }

  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    if (method !== 'GET') throw new Error(`The page renderer only reads (${method} ${url.pathname})`);
    try {
      return json(200, await answer(url));
    } catch (e) {
      // By its code, not its class: locally the repositories may come from another copy of the domain module.
      const error = e as Partial<DomainError>;
      const status = typeof error.code === 'string' ? STATUS[error.code] : undefined;
      if (status === undefined) throw e;
      return json(status, { error: { code: error.code, message: error.message } });
    }
  };
}

/** The renderer's paged catalogue reads, through the same use cases and repositories. */
export function guestPageCatalogue(repositories: CatalogueRepositories): GuestPageCatalogue {
  // Without ratings: ids are all a job needs.
  const listExperiences = makeListExperiences({
    experiences: repositories.experiences,
    hosts: repositories.hosts,
  });
  return {
    async publishedPage(cursor, limit) {
      const page = await listExperiences({ sort: 'newest', limit, ...(cursor ? { cursor } : {}) });
      return { ids: page.items.map((c) => c.id), ...(page.cursor ? { cursor: page.cursor } : {}) };
    },
    async hostExperiencePage(hostId, cursor, limit) {
      const page = await repositories.experiences.listByHost(hostId, {
        limit,
        ...(cursor ? { cursor } : {}),
      });
      return { ids: page.items.map((e) => e.id), ...(page.cursor ? { cursor: page.cursor } : {}) };
    },
    async publicIds(ids) {
      const shown = new Set<string>();
      // A few at a time: a prune page is up to a thousand keys.
      for (let i = 0; i < ids.length; i += 25) {
        await Promise.all(
          ids.slice(i, i + 25).map(async (id) => {
            try {
              await loadPublishedExperience(repositories, id);
              shown.add(id);
            } catch (e) {
              if ((e as Partial<DomainError>).code !== 'not_found') throw e;
            }
          }),
        );
      }
      return shown;
    },
  };
}
