import type { SuggestionMessages } from '../en/suggestion';

/** 繁體中文: the band that offers a page in the guest's own language, in that language. */
const messages: SuggestionMessages = {
  'language.suggest': '本網站也提供{language}版本。',
  'language.suggestAction': '以{language}瀏覽',
  'language.suggestClose': '關閉',
};

export default messages;
