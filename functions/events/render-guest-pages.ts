/**
 * The guest-page renderer (issue 17, DESIGN §4e), off the request path: invoked by the page events the use cases
 * publish (EventBridge in AWS, the local stack's in-process queue locally), it renders the affected pages with the
 * SPA's server entry and writes them to the site bucket's `pages/` prefix. It reads the catalogue through the
 * public API (the same answers, hidden experiences included, the guests get) and the SPA's template and runtime
 * configuration from the site bucket, so a deploy of new assets is picked up by the next render.
 *
 * Bundled for production (NODE_ENV=production): the server markup must carry the class names the production
 * client computes, or hydration fails.
 */
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createS3PageStore } from '../adapters/storage/s3-page-store';
import {
  makeRefreshGuestPages,
  type GuestPageChange,
  type GuestPageRenderer,
  type PublishedCatalogue,
} from '../use-cases/refresh-guest-pages';
import { renderPage } from '../../web/src/ssr/render-page';
import type { AppConfig } from '../../web/src/lib/config';

/** The refresh itself, exported so the local stack runs the very code this bundle carries. */
export { makeRefreshGuestPages };

export function makeGuestPageRenderer(deps: {
  config: () => Promise<AppConfig>;
  template: () => Promise<string>;
  apiBaseUrl: string;
  fetchImpl?: typeof fetch;
}): GuestPageRenderer {
  return {
    async render(path) {
      const [config, template] = await Promise.all([deps.config(), deps.template()]);
      return renderPage({
        path,
        config,
        template,
        apiBaseUrl: deps.apiBaseUrl,
        ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}),
      });
    },
  };
}

/** Every published experience, through the public list (which leaves out private ones and suspended hosts'). */
export function makeApiCatalogue(apiBaseUrl: string, fetchImpl: typeof fetch = fetch): PublishedCatalogue {
  return {
    async published() {
      const found: { id: string; updatedAt?: string }[] = [];
      let cursor: string | undefined;
      do {
        const qs = new URLSearchParams({ limit: '100', ...(cursor ? { cursor } : {}) });
        const res = await fetchImpl(`${apiBaseUrl}/experiences?${qs}`);
        if (!res.ok) throw new Error(`The catalogue answered ${res.status}`);
        const page = (await res.json()) as { items: { id: string; createdAt?: string }[]; cursor?: string };
        for (const item of page.items) found.push({ id: item.id });
        cursor = page.cursor;
      } while (cursor);
      return found;
    },
  };
}

interface PageEvent {
  'detail-type': string;
  detail: GuestPageChange;
}

let refresh: ((changes: readonly GuestPageChange[]) => Promise<{ rendered: number }>) | undefined;

/** AWS: one EventBridge event per change (`detail` is the change). */
export async function handler(event: PageEvent): Promise<{ rendered: number }> {
  refresh ??= awsRefresh();
  return refresh([event.detail]);
}

function awsRefresh() {
  const bucket = required('SITE_BUCKET');
  const siteUrl = required('SITE_URL').replace(/\/$/, '');
  const s3 = new S3Client({});
  const read = async (key: string) =>
    (await (await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body?.transformToString()) ??
    '';
  const apiBaseUrl = `${siteUrl}/api`;
  return makeRefreshGuestPages({
    renderer: makeGuestPageRenderer({
      config: async () => JSON.parse(await read('config.json')) as AppConfig,
      template: () => read('index.html'),
      apiBaseUrl,
    }),
    store: createS3PageStore(s3, bucket),
    catalogue: makeApiCatalogue(apiBaseUrl),
    baseUrl: siteUrl,
  });
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}
