/**
 * The 47 prefectures of Japan in the official JIS X 0401 order. `name` is what guests see and what an
 * experience stores (e.g. 'Ehime'); `nameJa` is the Japanese label of the back office (e.g. '愛媛県').
 */
export interface Prefecture {
  /** JIS X 0401 code, 1–47. */
  code: number;
  name: string;
  nameJa: string;
}

export const prefectures: readonly Prefecture[] = [
  { code: 1, name: 'Hokkaido', nameJa: '北海道' },
  { code: 2, name: 'Aomori', nameJa: '青森県' },
  { code: 3, name: 'Iwate', nameJa: '岩手県' },
  { code: 4, name: 'Miyagi', nameJa: '宮城県' },
  { code: 5, name: 'Akita', nameJa: '秋田県' },
  { code: 6, name: 'Yamagata', nameJa: '山形県' },
  { code: 7, name: 'Fukushima', nameJa: '福島県' },
  { code: 8, name: 'Ibaraki', nameJa: '茨城県' },
  { code: 9, name: 'Tochigi', nameJa: '栃木県' },
  { code: 10, name: 'Gunma', nameJa: '群馬県' },
  { code: 11, name: 'Saitama', nameJa: '埼玉県' },
  { code: 12, name: 'Chiba', nameJa: '千葉県' },
  { code: 13, name: 'Tokyo', nameJa: '東京都' },
  { code: 14, name: 'Kanagawa', nameJa: '神奈川県' },
  { code: 15, name: 'Niigata', nameJa: '新潟県' },
  { code: 16, name: 'Toyama', nameJa: '富山県' },
  { code: 17, name: 'Ishikawa', nameJa: '石川県' },
  { code: 18, name: 'Fukui', nameJa: '福井県' },
  { code: 19, name: 'Yamanashi', nameJa: '山梨県' },
  { code: 20, name: 'Nagano', nameJa: '長野県' },
  { code: 21, name: 'Gifu', nameJa: '岐阜県' },
  { code: 22, name: 'Shizuoka', nameJa: '静岡県' },
  { code: 23, name: 'Aichi', nameJa: '愛知県' },
  { code: 24, name: 'Mie', nameJa: '三重県' },
  { code: 25, name: 'Shiga', nameJa: '滋賀県' },
  { code: 26, name: 'Kyoto', nameJa: '京都府' },
  { code: 27, name: 'Osaka', nameJa: '大阪府' },
  { code: 28, name: 'Hyogo', nameJa: '兵庫県' },
  { code: 29, name: 'Nara', nameJa: '奈良県' },
  { code: 30, name: 'Wakayama', nameJa: '和歌山県' },
  { code: 31, name: 'Tottori', nameJa: '鳥取県' },
  { code: 32, name: 'Shimane', nameJa: '島根県' },
  { code: 33, name: 'Okayama', nameJa: '岡山県' },
  { code: 34, name: 'Hiroshima', nameJa: '広島県' },
  { code: 35, name: 'Yamaguchi', nameJa: '山口県' },
  { code: 36, name: 'Tokushima', nameJa: '徳島県' },
  { code: 37, name: 'Kagawa', nameJa: '香川県' },
  { code: 38, name: 'Ehime', nameJa: '愛媛県' },
  { code: 39, name: 'Kochi', nameJa: '高知県' },
  { code: 40, name: 'Fukuoka', nameJa: '福岡県' },
  { code: 41, name: 'Saga', nameJa: '佐賀県' },
  { code: 42, name: 'Nagasaki', nameJa: '長崎県' },
  { code: 43, name: 'Kumamoto', nameJa: '熊本県' },
  { code: 44, name: 'Oita', nameJa: '大分県' },
  { code: 45, name: 'Miyazaki', nameJa: '宮崎県' },
  { code: 46, name: 'Kagoshima', nameJa: '鹿児島県' },
  { code: 47, name: 'Okinawa', nameJa: '沖縄県' },
];

export const prefectureNames: readonly string[] = prefectures.map((p) => p.name);

/**
 * The prefecture a text names: the English name in any case ('ehime', 'EHIME'), the Japanese name with or
 * without its 都/府/県 suffix ('愛媛県', '愛媛'). `undefined` when it names none.
 */
export function findPrefecture(text: string): Prefecture | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  const lower = t.toLowerCase();
  return prefectures.find(
    (p) => p.name.toLowerCase() === lower || p.nameJa === t || p.nameJa.replace(/[都府県]$/, '') === t,
  );
}
