/**
 * The addresses a deployment may configure for links out of the site (concierge, contact form, company and social
 * pages, the /ehime video): `https:` pages, and `mailto:` for a contact reached by mail. Anything else (a plain
 * `http:` page, a `javascript:` URL, a bare host name) is refused when the configuration is loaded. Shared by the
 * zod schema (config.ts) and the zod-free loader (load-config.ts), so both decide alike.
 */
export function isExternalLinkUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'https:' && url.hostname !== '') || (url.protocol === 'mailto:' && url.pathname !== '')
  );
}

/** A Google Tag Manager container id, `GTM-XXXXXXX`. */
export const GTM_CONTAINER_PATTERN = /^GTM-[A-Z0-9]{4,12}$/;
