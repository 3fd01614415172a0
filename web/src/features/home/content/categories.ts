/**
 * The home page's category grid (guest spec §2: 9 tiles, each with an image, grid-span styling and a fixed
 * category id). Ids come from the seed module every stage seeds from, so the links match the categories the API
 * serves; it has no dependencies, so importing it costs the bundle nothing but the ids.
 */
import { SEED_CATEGORIES, type CategoryKey } from '../../../../../scripts/seed/categories';

export interface CategoryTile {
  id: string;
  key: CategoryKey;
  image: string;
  /** Columns and rows the tile spans on wide screens. */
  span: { columns: 1 | 2; rows: 1 | 2 };
}

const TILE_STYLE: Record<CategoryKey, Pick<CategoryTile, 'image' | 'span'>> = {
  nature: { image: '/media/categories/nature.svg', span: { columns: 2, rows: 2 } },
  historyAndTraditionalCulture: { image: '/media/categories/history.svg', span: { columns: 1, rows: 1 } },
  wellness: { image: '/media/categories/wellness.svg', span: { columns: 1, rows: 1 } },
  interactionWithLocals: { image: '/media/categories/locals.svg', span: { columns: 1, rows: 2 } },
  industrialTourism: { image: '/media/categories/industrial.svg', span: { columns: 1, rows: 1 } },
  gourmetAndGastronomy: { image: '/media/categories/gourmet.svg', span: { columns: 2, rows: 1 } },
  anniversary: { image: '/media/categories/anniversary.svg', span: { columns: 2, rows: 1 } },
  otherSpecialExperiences: { image: '/media/categories/special.svg', span: { columns: 1, rows: 1 } },
  forCorporationsAndGroups: { image: '/media/categories/groups.svg', span: { columns: 2, rows: 1 } },
};

export const CATEGORY_TILES: readonly CategoryTile[] = SEED_CATEGORIES.map((c) => ({
  id: c.id,
  key: c.key,
  ...TILE_STYLE[c.key],
}));
