import { usePageMeta } from '../page-meta';

/** Back-office pages: a Japanese title and never indexed (back-office spec §2: host and admin pages are noindex). */
export function useBackOfficePageMeta(title: string): void {
  usePageMeta({ title, noindex: true, description: '' });
}
