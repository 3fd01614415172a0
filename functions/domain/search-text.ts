/**
 * The free-text search (guest spec §2 `/search?q=`, issue 32 item 3): its limits, stated once for the API's query
 * schema and the search page (no zod here, so the page can import it without the schema library), and what an
 * experience is found by. Pure, so the search index a later issue brings can build its documents and match its
 * queries with the same functions.
 */
import { categoryNamesOf } from './category-names';
import { cityName, prefectureName, type PlaceReader } from './place-names';

export const SEARCH_MAX_LENGTH = 200;
export const SEARCH_TOO_LONG_MESSAGE = `Your search is too long. Please use at most ${SEARCH_MAX_LENGTH} characters.`;

/** The languages the site writes place and category names in: a guest may type any of them. */
const READERS: readonly PlaceReader[] = ['en', 'ja', 'zh-Hant', 'ko'];

/** What an experience is found by: its texts, where it is, and the names of its categories as stored. */
export interface SearchableExperience {
  title: string;
  description: string;
  prefecture: string;
  city: string;
  /** The stored names of its categories (English); their names in every site language are added here. */
  categories?: readonly string[];
}

/** Text as the search compares it: NFKC folds full-width letters and half-width kana, then case is ignored. */
export function searchable(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/**
 * The words of a query, each matched on its own: white space (the ideographic space included, which NFKC makes a
 * space) and the punctuation a guest may type between places (`Matsuyama, Ehime`, `松山、愛媛`) separate them.
 */
export function searchTerms(query: string): string[] {
  return [
    ...new Set(
      searchable(query)
        .split(/[\s,.;:!?、，。；：！？]+/u)
        .filter(Boolean),
    ),
  ];
}

/**
 * Every text a guest might type to find the experience: title, description, the prefecture and the city as
 * stored and as the site writes them for each language (`Ehime` / `愛媛県` / `愛媛縣` / `에히메현`, `Matsuyama` /
 * `松山市` / `마쓰야마시`), and the category names in every language. One searchable string, one line per text.
 */
export function searchDocument(experience: SearchableExperience): string {
  const places = READERS.flatMap((reader) => [
    prefectureName(experience.prefecture, reader),
    cityName(experience.city, reader),
  ]);
  const categories = (experience.categories ?? []).flatMap(categoryNamesOf);
  return searchable(
    [
      experience.title,
      experience.description,
      experience.prefecture,
      experience.city,
      ...places,
      ...categories,
    ]
      .filter(Boolean)
      .join('\n'),
  );
}

/**
 * `true` when every word of the query is found in the experience's texts (guest spec §5: case-insensitive
 * containment, now word by word, so `Matsuyama castle` and `愛媛 自然` find what carries both). A blank query
 * matches everything.
 */
export function matchesSearch(experience: SearchableExperience | string, query: string): boolean {
  const document = typeof experience === 'string' ? experience : searchDocument(experience);
  return searchTerms(query).every((term) => document.includes(term));
}

/**
 * The stored category names a query may be after: a category whose name, in any site language, contains one of
 * the query's words. Only these categories can add to a match, so a search reads only their experiences.
 */
export function categoriesNamedIn(query: string, storedNames: readonly string[]): string[] {
  const terms = searchTerms(query);
  return storedNames.filter((name) => {
    const names = searchable(categoryNamesOf(name).join('\n'));
    return terms.some((term) => names.includes(term));
  });
}
