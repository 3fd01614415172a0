import type { SuggestionMessages } from '../en/suggestion';

/** 日本語: the band that offers a page in the guest's own language, in that language. */
const messages: SuggestionMessages = {
  'language.suggest': 'このサイトは{language}でもご覧いただけます。',
  'language.suggestAction': '{language}で見る',
  'language.suggestClose': '閉じる',
};

export default messages;
