/**
 * The seeded categories' names in every site language, for the search (a guest types 「自然」 or 「웰니스」 and
 * finds the category's experiences). Keyed by the name stored with the category (English, `scripts/seed`). The
 * guest site's catalogues show the same names (`category.<key>` in `web/src/lib/i18n/catalogues/*`: catalogues
 * are plain data chunks and cannot import this module); `test/unit/web/category-names.test.ts` keeps both equal.
 */
import type { PlaceReader } from './place-names';

export const CATEGORY_NAMES: Readonly<Record<string, Readonly<Record<Exclude<PlaceReader, 'en'>, string>>>> =
  {
    Nature: { ja: '自然', 'zh-Hant': '大自然', ko: '자연' },
    'History & Traditional Culture': {
      ja: '歴史・伝統文化',
      'zh-Hant': '歷史與傳統文化',
      ko: '역사·전통문화',
    },
    Wellness: { ja: 'ウェルネス', 'zh-Hant': '身心療癒', ko: '웰니스' },
    'Interaction with Locals': { ja: '地元の人との交流', 'zh-Hant': '與在地人交流', ko: '현지인과의 교류' },
    'Industrial Tourism': { ja: '産業観光', 'zh-Hant': '產業觀光', ko: '산업 관광' },
    'Gourmet & Gastronomy': { ja: 'グルメ・食文化', 'zh-Hant': '美食與飲食文化', ko: '미식·음식 문화' },
    Anniversary: { ja: '記念日', 'zh-Hant': '紀念日', ko: '기념일' },
    'Other Special Experiences': {
      ja: 'その他の特別な体験',
      'zh-Hant': '其他特別體驗',
      ko: '기타 특별한 체험',
    },
    'For Corporations & Groups': { ja: '法人・団体向け', 'zh-Hant': '企業與團體', ko: '기업·단체' },
  };

/** A category's name as stored and in every other site language it has a name in. */
export function categoryNamesOf(storedName: string): string[] {
  const translated = CATEGORY_NAMES[storedName.trim()];
  return [storedName, ...(translated ? Object.values(translated) : [])];
}
