/**
 * The 47 prefectures of Japan in the official JIS X 0401 order. `name` is what English readers see and what an
 * experience stores (e.g. 'Ehime'); `nameJa` is the Japanese name (e.g. '愛媛県'), also the back office's label;
 * `nameKo` the Korean name (the National Institute of Korean Language's transcription, e.g. '에히메현') and
 * `nameZhHant` the name as Taiwan writes it (traditional forms: '愛媛縣', '廣島縣', '沖繩縣').
 */
export interface Prefecture {
  /** JIS X 0401 code, 1–47. */
  code: number;
  name: string;
  nameJa: string;
  nameKo: string;
  nameZhHant: string;
}

export const prefectures: readonly Prefecture[] = [
  { code: 1, name: 'Hokkaido', nameJa: '北海道', nameKo: '홋카이도', nameZhHant: '北海道' },
  { code: 2, name: 'Aomori', nameJa: '青森県', nameKo: '아오모리현', nameZhHant: '青森縣' },
  { code: 3, name: 'Iwate', nameJa: '岩手県', nameKo: '이와테현', nameZhHant: '岩手縣' },
  { code: 4, name: 'Miyagi', nameJa: '宮城県', nameKo: '미야기현', nameZhHant: '宮城縣' },
  { code: 5, name: 'Akita', nameJa: '秋田県', nameKo: '아키타현', nameZhHant: '秋田縣' },
  { code: 6, name: 'Yamagata', nameJa: '山形県', nameKo: '야마가타현', nameZhHant: '山形縣' },
  { code: 7, name: 'Fukushima', nameJa: '福島県', nameKo: '후쿠시마현', nameZhHant: '福島縣' },
  { code: 8, name: 'Ibaraki', nameJa: '茨城県', nameKo: '이바라키현', nameZhHant: '茨城縣' },
  { code: 9, name: 'Tochigi', nameJa: '栃木県', nameKo: '도치기현', nameZhHant: '栃木縣' },
  { code: 10, name: 'Gunma', nameJa: '群馬県', nameKo: '군마현', nameZhHant: '群馬縣' },
  { code: 11, name: 'Saitama', nameJa: '埼玉県', nameKo: '사이타마현', nameZhHant: '埼玉縣' },
  { code: 12, name: 'Chiba', nameJa: '千葉県', nameKo: '지바현', nameZhHant: '千葉縣' },
  { code: 13, name: 'Tokyo', nameJa: '東京都', nameKo: '도쿄도', nameZhHant: '東京都' },
  { code: 14, name: 'Kanagawa', nameJa: '神奈川県', nameKo: '가나가와현', nameZhHant: '神奈川縣' },
  { code: 15, name: 'Niigata', nameJa: '新潟県', nameKo: '니가타현', nameZhHant: '新潟縣' },
  { code: 16, name: 'Toyama', nameJa: '富山県', nameKo: '도야마현', nameZhHant: '富山縣' },
  { code: 17, name: 'Ishikawa', nameJa: '石川県', nameKo: '이시카와현', nameZhHant: '石川縣' },
  { code: 18, name: 'Fukui', nameJa: '福井県', nameKo: '후쿠이현', nameZhHant: '福井縣' },
  { code: 19, name: 'Yamanashi', nameJa: '山梨県', nameKo: '야마나시현', nameZhHant: '山梨縣' },
  { code: 20, name: 'Nagano', nameJa: '長野県', nameKo: '나가노현', nameZhHant: '長野縣' },
  { code: 21, name: 'Gifu', nameJa: '岐阜県', nameKo: '기후현', nameZhHant: '岐阜縣' },
  { code: 22, name: 'Shizuoka', nameJa: '静岡県', nameKo: '시즈오카현', nameZhHant: '靜岡縣' },
  { code: 23, name: 'Aichi', nameJa: '愛知県', nameKo: '아이치현', nameZhHant: '愛知縣' },
  { code: 24, name: 'Mie', nameJa: '三重県', nameKo: '미에현', nameZhHant: '三重縣' },
  { code: 25, name: 'Shiga', nameJa: '滋賀県', nameKo: '시가현', nameZhHant: '滋賀縣' },
  { code: 26, name: 'Kyoto', nameJa: '京都府', nameKo: '교토부', nameZhHant: '京都府' },
  { code: 27, name: 'Osaka', nameJa: '大阪府', nameKo: '오사카부', nameZhHant: '大阪府' },
  { code: 28, name: 'Hyogo', nameJa: '兵庫県', nameKo: '효고현', nameZhHant: '兵庫縣' },
  { code: 29, name: 'Nara', nameJa: '奈良県', nameKo: '나라현', nameZhHant: '奈良縣' },
  { code: 30, name: 'Wakayama', nameJa: '和歌山県', nameKo: '와카야마현', nameZhHant: '和歌山縣' },
  { code: 31, name: 'Tottori', nameJa: '鳥取県', nameKo: '돗토리현', nameZhHant: '鳥取縣' },
  { code: 32, name: 'Shimane', nameJa: '島根県', nameKo: '시마네현', nameZhHant: '島根縣' },
  { code: 33, name: 'Okayama', nameJa: '岡山県', nameKo: '오카야마현', nameZhHant: '岡山縣' },
  { code: 34, name: 'Hiroshima', nameJa: '広島県', nameKo: '히로시마현', nameZhHant: '廣島縣' },
  { code: 35, name: 'Yamaguchi', nameJa: '山口県', nameKo: '야마구치현', nameZhHant: '山口縣' },
  { code: 36, name: 'Tokushima', nameJa: '徳島県', nameKo: '도쿠시마현', nameZhHant: '德島縣' },
  { code: 37, name: 'Kagawa', nameJa: '香川県', nameKo: '가가와현', nameZhHant: '香川縣' },
  { code: 38, name: 'Ehime', nameJa: '愛媛県', nameKo: '에히메현', nameZhHant: '愛媛縣' },
  { code: 39, name: 'Kochi', nameJa: '高知県', nameKo: '고치현', nameZhHant: '高知縣' },
  { code: 40, name: 'Fukuoka', nameJa: '福岡県', nameKo: '후쿠오카현', nameZhHant: '福岡縣' },
  { code: 41, name: 'Saga', nameJa: '佐賀県', nameKo: '사가현', nameZhHant: '佐賀縣' },
  { code: 42, name: 'Nagasaki', nameJa: '長崎県', nameKo: '나가사키현', nameZhHant: '長崎縣' },
  { code: 43, name: 'Kumamoto', nameJa: '熊本県', nameKo: '구마모토현', nameZhHant: '熊本縣' },
  { code: 44, name: 'Oita', nameJa: '大分県', nameKo: '오이타현', nameZhHant: '大分縣' },
  { code: 45, name: 'Miyazaki', nameJa: '宮崎県', nameKo: '미야자키현', nameZhHant: '宮崎縣' },
  { code: 46, name: 'Kagoshima', nameJa: '鹿児島県', nameKo: '가고시마현', nameZhHant: '鹿兒島縣' },
  { code: 47, name: 'Okinawa', nameJa: '沖縄県', nameKo: '오키나와현', nameZhHant: '沖繩縣' },
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
