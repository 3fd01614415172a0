import { pageContent } from '../../../lib/i18n/page-content';
import type { StaticPagesContent } from './types';

/** The static pages' texts in the page's language (one chunk per language, loaded by the route). */
export const staticPagesContent = pageContent<StaticPagesContent>({
  en: () => import('./en'),
  ja: () => import('./ja'),
  'zh-Hant': () => import('./zh-hant'),
  ko: () => import('./ko'),
});
