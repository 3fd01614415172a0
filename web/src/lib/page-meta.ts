import { useEffect } from 'react';
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

/**
 * Guest spec §2, page metadata: title, description, canonical (base URL + current path), Open Graph (type
 * website, url, 1200×630 image, site name, locale ja_JP), a large-image Twitter card and, where asked, noindex.
 * Every page calls it, so the tags index.html ships for the home page are overwritten (not left stale) as soon as
 * the guest leaves home.
 */
export function usePageMeta(meta: PageMeta): void {
  const { siteName, baseUrl } = useAppConfig();
  const { pathname } = useLocation();
  const { title, description = DEFAULT_DESCRIPTION, image, noindex = false } = meta;

  useEffect(() => {
    const fullTitle = title
      ? `${title} | ${siteName}`
      : `${siteName} – Private tours and local experiences in Japan`;
    const base = baseUrl.replace(/\/$/, '');
    const url = `${base}${pathname}`;
    const imageUrl = new URL(image || DEFAULT_SHARE_IMAGE, `${base}/`).toString();
    document.title = fullTitle;
    setMeta('name', 'description', description);
    setCanonical(url);
    setMeta('property', 'og:title', fullTitle);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:type', 'website');
    setMeta('property', 'og:url', url);
    setMeta('property', 'og:image', imageUrl);
    setMeta('property', 'og:image:width', '1200');
    setMeta('property', 'og:image:height', '630');
    setMeta('property', 'og:site_name', siteName);
    setMeta('property', 'og:locale', 'ja_JP');
    setMeta('name', 'twitter:card', 'summary_large_image');
    setMeta('name', 'twitter:title', fullTitle);
    setMeta('name', 'twitter:description', description);
    setMeta('name', 'twitter:image', imageUrl);
    setMeta('name', 'robots', noindex ? 'noindex, nofollow' : null);
  }, [title, description, image, noindex, siteName, baseUrl, pathname]);
}
