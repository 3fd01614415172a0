import { createContext, useContext, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppConfig } from '../app/config-context';

export interface PageMeta {
  /** The page's own title; the site name is appended. */
  title?: string;
  description?: string;
  /** Absolute or site-relative image for social previews (1200×630). */
  image?: string | null;
  /** Pages that must not be indexed (guest spec §2: the booking form). */
  noindex?: boolean;
}

/** The default social-share image (1200×630, drawn by `web/scripts/draw-site-images.ts`). */
export const DEFAULT_SHARE_IMAGE = '/og-image.png';
export const DEFAULT_DESCRIPTION =
  'Book private tours and hands-on local experiences in Ehime and across Japan, hosted by the people who live there.';

function setMeta(attribute: 'name' | 'property', key: string, content: string | null): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (content === null) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.setAttribute('content', content);
}

function setCanonical(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.appendChild(link);
  }
  link.href = href;
}

/** One tag of a page's head: a meta element (`name` or `property`), the canonical link, or the title. */
export type HeadTag =
  | { kind: 'title'; text: string }
  | { kind: 'meta'; attribute: 'name' | 'property'; key: string; content: string }
  | { kind: 'canonical'; href: string };

/**
 * Guest spec §2, page metadata: title, description, canonical (base URL + current path), Open Graph (type
 * website, url, 1200×630 image, site name, locale ja_JP), a large-image Twitter card and, where asked, noindex.
 * One list for the browser (usePageMeta) and the server render (web/src/ssr), so both write the same head.
 */
export function pageHeadTags(
  meta: PageMeta,
  site: { siteName: string; baseUrl: string },
  pathname: string,
): HeadTag[] {
  const { title, description = DEFAULT_DESCRIPTION, image, noindex = false } = meta;
  const fullTitle = title
    ? `${title} | ${site.siteName}`
    : `${site.siteName} – Private tours and local experiences in Japan`;
  const base = site.baseUrl.replace(/\/$/, '');
  const url = `${base}${pathname}`;
  const imageUrl = new URL(image || DEFAULT_SHARE_IMAGE, `${base}/`).toString();
  const meta_ = (attribute: 'name' | 'property', key: string, content: string): HeadTag => ({
    kind: 'meta',
    attribute,
    key,
    content,
  });
  return [
    { kind: 'title', text: fullTitle },
    meta_('name', 'description', description),
    { kind: 'canonical', href: url },
    meta_('property', 'og:title', fullTitle),
    meta_('property', 'og:description', description),
    meta_('property', 'og:type', 'website'),
    meta_('property', 'og:url', url),
    meta_('property', 'og:image', imageUrl),
    meta_('property', 'og:image:width', '1200'),
    meta_('property', 'og:image:height', '630'),
    meta_('property', 'og:site_name', site.siteName),
    meta_('property', 'og:locale', 'ja_JP'),
    meta_('name', 'twitter:card', 'summary_large_image'),
    meta_('name', 'twitter:title', fullTitle),
    meta_('name', 'twitter:description', description),
    meta_('name', 'twitter:image', imageUrl),
    ...(noindex ? [meta_('name', 'robots', 'noindex, nofollow')] : []),
  ];
}

/** The server render's collector: the page's meta, recorded during render (effects never run on the server). */
export const ServerPageMetaContext = createContext<{ meta?: PageMeta } | null>(null);

/** Sets the document's head from the page's meta (every page calls it; see `pageHeadTags`). */
export function usePageMeta(meta: PageMeta): void {
  const { siteName, baseUrl } = useAppConfig();
  const { pathname } = useLocation();
  const serverMeta = useContext(ServerPageMetaContext);
  if (serverMeta) serverMeta.meta = meta;
  const { title, description, image, noindex } = meta;

  useEffect(() => {
    const tags = pageHeadTags({ title, description, image, noindex }, { siteName, baseUrl }, pathname);
    for (const tag of tags) {
      if (tag.kind === 'title') document.title = tag.text;
      else if (tag.kind === 'canonical') setCanonical(tag.href);
      else setMeta(tag.attribute, tag.key, tag.content);
    }
    if (!noindex) setMeta('name', 'robots', null);
  }, [title, description, image, noindex, siteName, baseUrl, pathname]);
}
