import type { CategoryRepository } from './ports';

export interface CategoryItem {
  id: string;
  name: string;
}

/** `GET /api/categories`: active categories ordered by name (the repository's order). */
export function makeListCategories(deps: { categories: CategoryRepository }) {
  return async function listCategories(): Promise<{ items: CategoryItem[] }> {
    const categories = await deps.categories.listActive();
    return { items: categories.map((c) => ({ id: c.id, name: c.name })) };
  };
}
