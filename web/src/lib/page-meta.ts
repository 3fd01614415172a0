import { createContext, useContext, useEffect } from 'react';
import { shareImageUrl } from '@domain/images';
import { useLocation } from 'react-router';
import { useAppConfig } from '../app/config-context';
import { useT, type Translator } from './i18n/i18n';
import { LOCALES, localeInfo, switchLocalePath } from './i18n/locales';

export interface PageMeta {
  /** The page's own title; the site name is appended. */
  title?: string;
  description?: string;
  /**
   * The page's photo for social previews: a pipeline photo's address (any variant) stands for its 1200 × 630 crop;
   * other images are used as they are. Without one, the site's default share image (home, list, static pages).
   */
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

/** One tag of a page's head: a meta element (`name` or `property`), a link (canonical, language alternate), or the title. */
export type HeadTag =
  | { kind: 'title'; text: string }
  | { kind: 'meta'; attribute: 'name' | 'property'; key: string; content: string }
  | { kind: 'canonical'; href: string }
  | { kind: 'alternate'; hreflang: string; href: string };

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
 * Guest spec §2, page metadata: title, description, canonical (base URL + current path), Open Graph (type website, url,
 * 1200×630 image as an absolute URL: a photo's crop or the site's default, site name, the language's locale), hreflang
 * alternates for every language, a large-image Twitter card and, where asked, noindex. The default title and
 * description are the language's. One list for the browser (usePageMeta) and the server render (web/src/ssr), so both
 * write the same head.
 */
export function pageHeadTags(
  meta: PageMeta,
  site: { siteName: string; baseUrl: string },
  pathname: string,
  translator: Pick<Translator, 't' | 'locale'>,
): HeadTag[] {
  const { t, locale } = translator;
  const { title, description = t('meta.description'), image, noindex = false } = meta;
  const fullTitle = title ? `${title} | ${site.siteName}` : t('meta.homeTitle', { siteName: site.siteName });
  const base = site.baseUrl.replace(/\/$/, '');
  const url = `${base}${pathname}`;
  const imageUrl = new URL(image ? shareImageUrl(image) : DEFAULT_SHARE_IMAGE, `${base}/`).toString();
  const meta_ = (attribute: 'name' | 'property', key: string, content: string): HeadTag => ({
    kind: 'meta',
    attribute,
    key,
    content,
  });
  return [
    { kind: 'title', text: fullTitle },
    meta_('name', 'description', description),
    // A page that must not be indexed names no canonical address, no language versions and no og:url (issue 32
    // item 9): the not-found page is served at any unknown path, and they would name the path it was rendered from.
    ...(noindex
      ? []
      : [
          { kind: 'canonical', href: url } as HeadTag,
          ...languageAlternates(base, pathname).map((a): HeadTag => ({ kind: 'alternate', ...a })),
        ]),
    meta_('property', 'og:title', fullTitle),
    meta_('property', 'og:description', description),
    meta_('property', 'og:type', 'website'),
    ...(noindex ? [] : [meta_('property', 'og:url', url)]),
    meta_('property', 'og:image', imageUrl),
    meta_('property', 'og:image:width', '1200'),
    meta_('property', 'og:image:height', '630'),
    meta_('property', 'og:site_name', site.siteName),
    meta_('property', 'og:locale', localeInfo(locale).ogLocale),
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
  const translator = useT();
  const serverMeta = useContext(ServerPageMetaContext);
  if (serverMeta) serverMeta.meta = meta;
  const { title, description, image, noindex } = meta;

  useEffect(() => {
    const tags = pageHeadTags(
      { title, description, image, noindex },
      { siteName, baseUrl },
      pathname,
      translator,
    );
    for (const tag of tags) {
      if (tag.kind === 'title') document.title = tag.text;
      else if (tag.kind === 'canonical') setLink('canonical', tag.href);
      else if (tag.kind === 'alternate') setLink('alternate', tag.href, tag.hreflang);
      else setMeta(tag.attribute, tag.key, tag.content);
    }
    if (!noindex) setMeta('name', 'robots', null);
    // The previous page's canonical and language versions do not belong to a page that must not be indexed.
    else {
      document.head
        .querySelectorAll('link[rel="canonical"], link[rel="alternate"][hreflang]')
        .forEach((l) => l.remove());
      setMeta('property', 'og:url', null);
    }
  }, [title, description, image, noindex, siteName, baseUrl, pathname, translator]);
}
