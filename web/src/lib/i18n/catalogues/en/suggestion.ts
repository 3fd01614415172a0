/**
 * English: the band that offers a page in the guest's own language (`app/language-suggestion-band.tsx`), in that
 * language. Its own tiny part: a guest whose browser speaks another language than the page downloads these three
 * messages, not that language's whole shell.
 */
const messages = {
  'language.suggest': 'This site is also available in {language}.',
  'language.suggestAction': 'Show in {language}',
  'language.suggestClose': 'Close',
};

export type SuggestionKey = keyof typeof messages;
export type SuggestionMessages = Record<SuggestionKey, string>;

export default messages satisfies SuggestionMessages;
