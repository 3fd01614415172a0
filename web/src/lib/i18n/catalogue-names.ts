/**
 * Names the catalogue API returns in English (categories) or the domain lists (prefectures), in the reader's
 * language: categories through their seeded key (an unknown category keeps the name it was given), prefectures as
 * the domain names them for each reader (`愛媛県`, `愛媛縣`, `에히메현`).
 */
import { prefectureName as placePrefecture } from '@domain/place-names';
import { SEED_CATEGORIES } from '../../../../scripts/seed/categories';
import type { Translator } from './i18n';

export function categoryName(t: Translator, category: { id: string; name: string }): string {
  const seeded = SEED_CATEGORIES.find((c) => c.id === category.id);
  return seeded ? t.t(`category.${seeded.key}`) : category.name;
}

export function prefectureName(t: Translator, name: string): string {
  return placePrefecture(name, t.locale) || name;
}
