import type { SuggestionMessages } from '../en/suggestion';

/** 한국어: the band that offers a page in the guest's own language, in that language. */
const messages: SuggestionMessages = {
  'language.suggest': '이 사이트는 {language}로도 보실 수 있습니다.',
  'language.suggestAction': '{language}로 보기',
  'language.suggestClose': '닫기',
};

export default messages;
