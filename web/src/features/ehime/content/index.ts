import { pageContent } from '../../../lib/i18n/page-content';
import type { EhimeContent } from './types';

/** The /ehime page's texts in the page's language (one chunk per language, loaded by the route). */
export const ehimeContent = pageContent<EhimeContent>({
  en: () => import('./en'),
  ja: () => import('./ja'),
  'zh-Hant': () => import('./zh-hant'),
  ko: () => import('./ko'),
});
