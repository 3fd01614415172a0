/**
 * How an amount of yen is written. Apart from the pricing rules (`pricing.ts`, which re-exports these), so the
 * guest site's shell, which writes prices on every page, carries only this (issue 34: the home's initial JS).
 */

/**
 * Whole yen with thousands separators: `12000` → `12,000`. Written by hand rather than with
 * `toLocaleString`, whose output depends on the runtime's locale data (and on Node builds without full ICU).
 */
export function formatYen(amount: number): string {
  if (!Number.isFinite(amount)) return '0';
  const rounded = Math.round(amount);
  const digits = String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return rounded < 0 ? `-${digits}` : digits;
}

/** `¥12,000` (back office, Japanese locale). */
export function formatYenSymbol(amount: number): string {
  return `¥${formatYen(amount)}`;
}

/** The languages prices are written for (the guest site's). */
export type PriceReader = 'en' | 'ja' | 'zh-Hant' | 'ko';

/**
 * Whole yen, one way per language on every guest page and in every guest mail (issue 32 item 8), as readers of the
 * language write a price in yen: `¥18,500` in English and Traditional Chinese, `18,500円` in Japanese, `18,500엔`
 * in Korean. The "from" of a card's price is the catalogue's (`card.from`: `from ¥18,500`, `18,500円〜`,
 * `¥18,500 起`, `18,500엔부터`).
 */
export function yenIn(amount: number, reader: PriceReader): string {
  const digits = formatYen(amount);
  if (reader === 'ja') return `${digits}円`;
  if (reader === 'ko') return `${digits}엔`;
  return `¥${digits}`;
}
