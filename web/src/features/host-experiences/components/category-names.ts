/**
 * The categories' names in the Japanese back office (issue 21 item 16). The API serves the English names guests
 * read; the fixed ids of the seed module every stage seeds from map them to these. A category added later without
 * a Japanese name shows its own name.
 */
import { SEED_CATEGORIES, type CategoryKey } from '../../../../../scripts/seed/categories';

const NAMES_JA: Record<CategoryKey, string> = {
  nature: '自然',
  historyAndTraditionalCulture: '歴史・伝統文化',
  wellness: 'ウェルネス',
  interactionWithLocals: '地元の人との交流',
  industrialTourism: '産業観光',
  gourmetAndGastronomy: 'グルメ・食文化',
  anniversary: '記念日',
  otherSpecialExperiences: 'その他の特別な体験',
  forCorporationsAndGroups: '法人・団体向け',
};

const byId = new Map(SEED_CATEGORIES.map((c) => [c.id, NAMES_JA[c.key]]));

export function categoryNameJa(category: { id: string; name: string }): string {
  return byId.get(category.id) ?? category.name;
}
