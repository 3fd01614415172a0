/**
 * Issue 19: every language's catalogue has every key of the English one in the same part, no empty or placeholder
 * value, the same ICU arguments as English, valid ICU that Lingui compiles (what the browser build does), and the
 * language helpers keep the page when the language changes.
 */
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import {
  CATALOGUE_PARTS,
  createTranslator,
  loadWholeCatalogue,
  type CataloguePart,
  type MessageKey,
} from '../../../web/src/lib/i18n/i18n';
import {
  LOCALES,
  localeFromPath,
  localeInfo,
  localePath,
  preferredLocale,
  stripLocale,
  switchLocalePath,
} from '../../../web/src/lib/i18n/locales';
import { compiledCatalogueModule } from '../../../web/catalogue-plugin';

type Catalogue = Record<string, string>;
const catalogue = async (code: (typeof LOCALES)[number]['code'], part: CataloguePart) =>
  (await localeInfo(code).load(part)).default as Catalogue;

/** The ICU arguments a message uses (`{name}`, `{count, plural, …}`), each once, sorted. */
const argumentsOf = (message: string) =>
  [...new Set([...message.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]))].sort();

describe.each(LOCALES.flatMap((l) => CATALOGUE_PARTS.map((part) => [l.code, part] as const)))(
  'the %s catalogue, %s part',
  (code, part) => {
    let messages: Catalogue;
    let english: Catalogue;
    beforeAll(async () => {
      [messages, english] = await Promise.all([catalogue(code, part), catalogue('en', part)]);
    });

    it('has exactly the English key set', () => {
      expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
    });

    it('has no empty, untrimmed or placeholder values', () => {
      for (const [key, value] of Object.entries(messages)) {
        expect(value.trim(), key).not.toBe('');
        expect(value, key).toBe(value.trim());
        expect(value, key).not.toMatch(/TODO|TBD|FIXME|XXX|lorem ipsum/i);
      }
    });

    it('uses the same arguments as English in every message, and valid ICU with an `other` plural form', () => {
      for (const [key, value] of Object.entries(english)) {
        expect(argumentsOf(messages[key]!), `${code} ${key}`).toEqual(argumentsOf(value));
        expect(() => compileMessage(messages[key]!), `${code} ${key}`).not.toThrow();
        if (/\{count, plural,/.test(value)) expect(messages[key], `${code} ${key}`).toMatch(/ other \{/);
      }
    });

    it.runIf(code !== 'en')('is written in its own language, not copied from English', () => {
      const copied = Object.keys(english).filter(
        (key) => messages[key] === english[key] && /[a-z]{4,}/i.test(english[key]!),
      );
      // Brand and proper names may stay (Messenger, Google, Stripe, the copyright line).
      expect(copied.filter((key) => !/copyright|stripeNotInitialised/.test(key))).toEqual([]);
    });
  },
);

describe('formatting in the language', () => {
  beforeAll(() => Promise.all(['en', 'ja', 'ko', 'zh-Hant'].map((c) => loadWholeCatalogue(c as 'en'))));

  it('counts with the language plural rules and writes yen as the language does', () => {
    const english = createTranslator('en');
    expect(english.t('booking.people', { count: 1 })).toBe('1 person');
    expect(english.t('booking.people', { count: 1200 })).toBe('1,200 people');
    expect(english.t('search.results', { count: 1, q: 'onsen' })).toBe('1 result found for "onsen"');
    expect(english.yen(24000)).toBe('¥24,000');
    expect(english.date('2026-05-01')).toBe('Fri, May 1, 2026');
    const japanese = createTranslator('ja');
    expect(japanese.t('booking.people', { count: 2 })).toBe('2名');
    expect(japanese.yen(24000)).toBe('24,000円');
    expect(japanese.date('2026-05-01')).toBe('2026年5月1日(金)');
    const korean = createTranslator('ko');
    expect(korean.yen(24000)).toBe('24,000엔');
    expect(korean.t('search.results', { q: 'onsen', count: 3 })).toBe('"onsen" 검색 결과 3건');
    // A price one way per language, the card's "from" included (issue 32 item 8).
    expect(english.t('card.from', { price: english.yen(18500) })).toBe('from ¥18,500');
    expect(japanese.t('card.from', { price: japanese.yen(18500) })).toBe('18,500円〜');
    expect(korean.t('card.from', { price: korean.yen(18500) })).toBe('18,500엔부터');
    const chinese = createTranslator('zh-Hant');
    expect(chinese.t('card.from', { price: chinese.yen(18500) })).toBe('¥18,500 起');
  });
});

describe("the build's compiled catalogues", () => {
  it('read exactly as the catalogues as written, for every message of every language', async () => {
    for (const { code } of LOCALES) {
      await loadWholeCatalogue(code);
      const asWritten = createTranslator(code);
      for (const part of CATALOGUE_PARTS) {
        const written = await catalogue(code, part);
        const source = `const messages = ${JSON.stringify(written)};\nexport default messages;\n`;
        const module = await compiledCatalogueModule(source);
        const url = `data:text/javascript;base64,${Buffer.from(module).toString('base64')}`;
        const compiled = setupI18n({ locale: code, messages: { [code]: (await import(url)).default } });
        for (const [key, message] of Object.entries(written)) {
          // Every argument given (a count of 3, any other argument its own name): the text must be the same.
          const values = Object.fromEntries(
            argumentsOf(message).map((a) => [a, a === 'count' ? 3 : `<${a}>`]),
          );
          expect(compiled._(key, values), `${code} ${key}`).toBe(asWritten.t(key as MessageKey, values));
        }
      }
    }
  });
});

describe('language paths', () => {
  it('puts a page under the language prefix with the same path after it, English at the root', () => {
    expect(localePath('/experience/abc', 'ko')).toBe('/ko/experience/abc');
    expect(localePath('/', 'zh-Hant')).toBe('/zh-hant');
    expect(localePath('/experiences?prefecture=Ehime', 'ja')).toBe('/ja/experiences?prefecture=Ehime');
    expect(localePath('/about', 'en')).toBe('/about');
    expect(localeFromPath('/zh-hant/experiences')).toBe('zh-Hant');
    expect(localeFromPath('/japan-trip')).toBe('en');
    expect(stripLocale('/ko')).toBe('/');
    expect(switchLocalePath('/ja/experience/x', 'ko')).toBe('/ko/experience/x');
    expect(switchLocalePath('/ko/faq', 'en')).toBe('/faq');
  });

  it('reads the browser languages a guest prefers (Taiwan and Hong Kong Chinese → Traditional)', () => {
    expect(preferredLocale(['zh-TW', 'en'])).toBe('zh-Hant');
    expect(preferredLocale(['ko-KR'])).toBe('ko');
    expect(preferredLocale(['zh-CN', 'fr'])).toBeNull();
    expect(preferredLocale(['de', 'ja-JP'])).toBe('ja');
  });
});
