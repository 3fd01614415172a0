import { useAppConfig } from '../app/config-context';
import type { AppConfig } from './config';

/** The deployment's links out of the site; a `null` one is not configured and its link is not shown. */
export function useExternalLinks(): AppConfig['links'] {
  return useAppConfig().links;
}

/**
 * The anchor attributes of a configured link: an external page opens in a new tab (guest spec §2) without access
 * to this one; a `mailto:` link opens the mail program, which a new tab would only leave empty.
 */
export function externalLinkProps(href: string): { href: string; target?: '_blank'; rel?: string } {
  return href.startsWith('mailto:') ? { href } : { href, target: '_blank', rel: 'noopener noreferrer' };
}
