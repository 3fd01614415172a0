/**
 * Issue 19: the static pages' and /ehime's long texts exist in every site language with English's structure (every
 * section, article, question and paragraph), with no empty or placeholder text, and written in the language itself
 * (nothing left in English, Traditional Chinese not in simplified or Japanese forms).
 */
import { ehimeContent } from '../../../web/src/features/ehime/content';
import { staticPagesContent } from '../../../web/src/features/static-pages/content';
import { LEGAL_ITEMS } from '../../../web/src/features/static-pages/content/types';
import { LOCALES, type Locale } from '../../../web/src/lib/i18n/locales';

/** The structure of a value: every text replaced by 'text', arrays kept with their length, keys kept. */
function shape(value: unknown): unknown {
  if (typeof value === 'string') return 'text';
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));
  return typeof value;
}

/** Every text of a content module with its path (`faq.groups.0.items.1.a`). */
function texts(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => texts(v, path ? `${path}.${k}` : k));
  return [];
}

const OWN_SCRIPT: Record<Exclude<Locale, 'en'>, RegExp> = {
  ja: /[\u3040-\u30ff\u4e00-\u9fff]/,
  'zh-Hant': /[\u4e00-\u9fff]/,
  ko: /[\uac00-\ud7af]/,
};
/** Proper names that stay as they are written in every language. */
const AS_WRITTEN = new Set(['Ehime Experiences Co., Ltd.']);

const FEATURES = [
  ['static pages', staticPagesContent],
  ['/ehime', ehimeContent],
] as const;

describe.each(LOCALES.map((l) => l.code))('page texts in %s', (code) => {
  describe.each(FEATURES)('%s', (_name, feature) => {
    it('has every section, article, question and paragraph English has', async () => {
      const [content, english] = await Promise.all([feature.load(code), feature.load('en')]);
      expect(shape(content)).toEqual(shape(english));
    });

    it('has no empty, untrimmed or placeholder text', async () => {
      for (const [path, text] of texts(await feature.load(code))) {
        expect(text.trim(), path).toBe(text);
        expect(text.length, path).toBeGreaterThan(0);
        expect(text, path).not.toMatch(/TODO|TBD|FIXME|XXX|lorem ipsum|\{\w+\}|machine[- ]translat/i);
      }
    });

    it.runIf(code !== 'en')('is written in its own language', async () => {
      const english = new Map(texts(await feature.load('en')));
      for (const [path, text] of texts(await feature.load(code))) {
        if (AS_WRITTEN.has(text)) continue;
        expect(text, path).not.toBe(english.get(path));
        expect(text, path).toMatch(OWN_SCRIPT[code as Exclude<Locale, 'en'>]);
        // No English sentence left in it (brand names such as Messenger may stay).
        expect(text, path).not.toMatch(/\b(the|and|your|you|of|to)\b/i);
        if (code === 'ko') expect(text, path).not.toMatch(/[\u3040-\u30ff]/);
        if (code === 'zh-Hant') {
          // Traditional characters as Taiwan writes them: no kana, no simplified or Japanese-only forms.
          expect(text, path).not.toMatch(/[\u3040-\u30ff]/);
          expect(text, path).not.toMatch(/[这们个为说时门见关发会过让给还进运选预订费联系网页请县浜広国気]/);
        }
      }
    });
  });
});

it('the commercial notice names every legal item of the Act, in its order, in every language', async () => {
  for (const { code } of LOCALES) {
    const { commercial } = await staticPagesContent.load(code);
    expect(commercial.rows, code).toHaveLength(LEGAL_ITEMS.length);
  }
  const { commercial } = await staticPagesContent.load('ja');
  expect(commercial.rows.map(([label]) => label)).toEqual([...LEGAL_ITEMS]);
});
