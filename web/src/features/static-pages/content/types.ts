/** The static pages' texts, one module per language with the same structure (a test compares them with English). */
export interface TextSection {
  title: string;
  paragraphs: readonly string[];
}

/**
 * The items of the notation the Act on Specified Commercial Transactions requires, in its own (Japanese) terms: every
 * language names them next to its own label, in this order.
 */
export const LEGAL_TITLE = '特定商取引法に基づく表記';
export const LEGAL_ITEMS = [
  '販売業者',
  '代表者',
  '所在地',
  '連絡先',
  '販売価格',
  '商品代金以外の必要料金',
  '支払方法',
  '支払時期',
  '役務の提供時期',
  'キャンセル',
  '返金',
] as const;

export interface StaticPagesContent {
  about: {
    title: string;
    description: string;
    lead: string;
    sections: readonly TextSection[];
    allExperiences: string;
    contactConcierge: string;
  };
  faq: {
    title: string;
    description: string;
    lead: string;
    groups: readonly { topic: string; items: readonly { q: string; a: string }[] }[];
  };
  privacy: { title: string; description: string; articles: readonly TextSection[] };
  terms: { title: string; description: string; lead: string; articles: readonly TextSection[] };
  commercial: {
    title: string;
    description: string;
    /** `LEGAL_TITLE` in the page's language (other languages show the Japanese title next to it). */
    lead: string;
    tableLabel: string;
    /** One `[label, value]` per item of `LEGAL_ITEMS`, in its order. */
    rows: readonly (readonly [label: string, value: string])[];
  };
}

/** Articles of one paragraph each, written as `[title, text]` pairs. */
export const oneParagraphEach = (list: readonly (readonly [string, string])[]): TextSection[] =>
  list.map(([title, text]) => ({ title, paragraphs: [text] }));
