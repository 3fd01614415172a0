import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppConfig } from '../app/config-context';
import { useT } from './i18n/i18n';
import { LOCALES, localeInfo, switchLocalePath } from './i18n/locales';

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

function setLink(rel: 'canonical' | 'alternate', href: string, hreflang?: string): void {
  const selector = hreflang ? `link[rel="${rel}"][hreflang="${hreflang}"]` : `link[rel="${rel}"]`;
  let link = document.head.querySelector<HTMLLinkElement>(selector);
  if (!link) {
    link = document.createElement('link');
    link.rel = rel;
    if (hreflang) link.hreflang = hreflang;
    document.head.appendChild(link);
  }
  link.href = href;
}

/**
 * The page in every language (`hreflang`), English as `x-default`, for a path of any language: what the head
 * carries and what a server render or the sitemap writes for the same page.
 */
export function languageAlternates(base: string, pathname: string): { hreflang: string; href: string }[] {
  return [
    ...LOCALES.map((l) => ({ hreflang: l.code, href: `${base}${switchLocalePath(pathname, l.code)}` })),
    { hreflang: 'x-default', href: `${base}${switchLocalePath(pathname, 'en')}` },
  ];
}

/**
 * Guest spec §2, page metadata: title, description, canonical (base URL + current path), Open Graph (type
 * website, url, 1200×630 image, site name, the language's locale), hreflang alternates for every language, a
 * large-image Twitter card and, where asked, noindex.
 * Every page calls it, so the tags index.html ships for the home page are overwritten (not left stale) as soon as
 * the guest leaves home.
 */
export function usePageMeta(meta: PageMeta): void {
  const { siteName, baseUrl } = useAppConfig();
  const { pathname } = useLocation();
  const { t, locale } = useT();
  const { title, description = t('meta.description'), image, noindex = false } = meta;
  const homeTitle = t('meta.homeTitle', { siteName });

  useEffect(() => {
    const fullTitle = title ? `${title} | ${siteName}` : homeTitle;
    const base = baseUrl.replace(/\/$/, '');
    const url = `${base}${pathname}`;
    const imageUrl = new URL(image || DEFAULT_SHARE_IMAGE, `${base}/`).toString();
    document.title = fullTitle;
    setMeta('name', 'description', description);
    setLink('canonical', url);
    for (const alternate of languageAlternates(base, pathname)) {
      setLink('alternate', alternate.href, alternate.hreflang);
    }
    setMeta('property', 'og:title', fullTitle);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:type', 'website');
    setMeta('property', 'og:url', url);
    setMeta('property', 'og:image', imageUrl);
    setMeta('property', 'og:image:width', '1200');
    setMeta('property', 'og:image:height', '630');
    setMeta('property', 'og:site_name', siteName);
    setMeta('property', 'og:locale', localeInfo(locale).ogLocale);
    setMeta('name', 'twitter:card', 'summary_large_image');
    setMeta('name', 'twitter:title', fullTitle);
    setMeta('name', 'twitter:description', description);
    setMeta('name', 'twitter:image', imageUrl);
    setMeta('name', 'robots', noindex ? 'noindex, nofollow' : null);
  }, [title, description, image, noindex, siteName, baseUrl, pathname, homeTitle, locale]);
}
