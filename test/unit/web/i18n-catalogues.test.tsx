/**
 * Issue 19: every language's catalogue has every key of the English one, no empty or placeholder value, the same
 * `{placeholders}` as English, and the language helpers keep the page when the language changes.
 */
import en from '../../../web/src/lib/i18n/catalogues/en';
import { createTranslator, loadCatalogue, type Messages } from '../../../web/src/lib/i18n/i18n';
import {
  LOCALES,
  localeFromPath,
  localePath,
  preferredLocale,
  stripLocale,
  switchLocalePath,
} from '../../../web/src/lib/i18n/locales';

const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe.each(LOCALES.map((l) => [l.code, l] as const))('the %s catalogue', (code, locale) => {
  let messages: Messages;
  beforeAll(async () => {
    messages = (await locale.load()).default;
  });

  it('has exactly the English key set', () => {
    expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
  });

  it('has no empty, untrimmed or placeholder values', () => {
    for (const [key, value] of Object.entries(messages)) {
      expect(value.trim(), key).not.toBe('');
      expect(value, key).toBe(value.trim());
      expect(value, key).not.toMatch(/TODO|TBD|FIXME|XXX|lorem ipsum/i);
    }
  });

  it('uses the same interpolation variables as English in every message', () => {
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(placeholders(messages[key]), `${code} ${key}`).toEqual(placeholders(en[key]));
    }
  });

  it.runIf(code !== 'en')('is written in its own language, not copied from English', () => {
    const copied = (Object.keys(en) as (keyof typeof en)[]).filter(
      (key) => messages[key] === en[key] && /[a-z]{4,}/i.test(en[key]),
    );
    // Brand and proper names may stay (Messenger, Google, Stripe, the copyright line).
    expect(copied.filter((key) => !/copyright|stripeNotInitialised/.test(key))).toEqual([]);
  });
});

describe('formatting in the language', () => {
  it('counts with the language plural rules and writes yen as the language does', async () => {
    const t = (code: 'en' | 'ja' | 'ko') =>
      loadCatalogue(code).then((messages) => createTranslator(code, messages));
    const english = await t('en');
    expect(english.plural('booking.people', 1)).toBe('1 person');
    expect(english.plural('booking.people', 1200)).toBe('1,200 people');
    expect(english.yen(24000)).toBe('JPY 24,000');
    expect(english.date('2026-05-01')).toBe('Fri, May 1, 2026');
    const japanese = await t('ja');
    expect(japanese.plural('booking.people', 2)).toBe('2名');
    expect(japanese.yen(24000)).toBe('24,000円');
    expect(japanese.date('2026-05-01')).toBe('2026年5月1日(金)');
    const korean = await t('ko');
    expect(korean.yen(24000)).toBe('¥24,000');
    expect(korean.t('search.results.other', { q: 'onsen', count: 3 })).toBe('"onsen" 검색 결과 3건');
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
