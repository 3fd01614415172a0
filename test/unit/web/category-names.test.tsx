/**
 * The search finds categories by the names the site shows (issue 32 item 3): the domain's table of category names
 * (`functions/domain/category-names.ts`, what the API searches) says exactly what each language's catalogue shows.
 */
import { CATEGORY_NAMES } from '@domain/category-names';
import { SEED_CATEGORIES } from '../../../scripts/seed/categories';
import { localeInfo, LOCALES } from '../../../web/src/lib/i18n/locales';

describe('category names', () => {
  it.each(LOCALES.map((l) => l.code))('are the %s catalogue’s names', async (code) => {
    const shell = (await localeInfo(code).load('shell')).default as Record<string, string>;
    for (const category of SEED_CATEGORIES) {
      const shown = shell[`category.${category.key}`];
      const searched = code === 'en' ? category.name : CATEGORY_NAMES[category.name]?.[code];
      expect(searched, `${code} ${category.key}`).toBe(shown);
    }
    expect(Object.keys(CATEGORY_NAMES).sort()).toEqual(SEED_CATEGORIES.map((c) => c.name).sort());
  });
});
