/**
 * What a price covers, stated once for every page and mail that speaks of it (FAQ, terms, commercial notice, the
 * booking form, the guest mails). It is what the system does: hosts enter prices with consumption tax included, and
 * the card is authorised and charged for exactly unit price × participants, with no fee added.
 */
export const PRICE_TERMS = {
  en: 'Prices include consumption tax, and no card fee is added: your card is charged the total shown, nothing more.',
  ja: '表示価格は消費税込みです。カード手数料はかからず、ご請求は表示の合計金額のみです。',
} as const;
