/**
 * What a price covers, stated once for every page and mail that speaks of it (FAQ, terms, commercial notice, the
 * booking form, the guest mails). It is what the system does: hosts enter prices with consumption tax included, and
 * the card is authorised and charged for exactly unit price × participants, with no fee added.
 */
export const PRICE_TERMS = {
  en: 'Prices include consumption tax, and no card fee is added: your card is charged the total shown, nothing more.',
  ja: '表示価格は消費税込みです。カード手数料はかからず、ご請求は表示の合計金額のみです。',
  'zh-Hant': '價格已含日本消費稅，且不另收刷卡手續費：您的信用卡只會被收取顯示的總金額。',
  ko: '가격에는 소비세가 포함되어 있으며 카드 수수료는 추가되지 않습니다. 표시된 총액만 결제됩니다.',
} as const;
