/**
 * Names the catalogue API returns in English (categories) or the domain lists (prefectures), in the reader's
 * language: categories through their seeded key (an unknown category keeps the name it was given), prefectures in
 * kanji for Japanese and Chinese readers.
 */
import { prefectures } from '@domain/prefectures';
import { SEED_CATEGORIES } from '../../../../scripts/seed/categories';
import type { Translator } from './i18n';

export function categoryName(t: Translator, category: { id: string; name: string }): string {
  const seeded = SEED_CATEGORIES.find((c) => c.id === category.id);
  return seeded ? t.t(`category.${seeded.key}`) : category.name;
}

export function prefectureName(t: Translator, name: string): string {
  if (t.locale !== 'ja' && t.locale !== 'zh-Hant') return name;
  return prefectures.find((p) => p.name === name)?.nameJa ?? name;
}
