/**
 * The language of host-written text (titles, descriptions, policies, place names), for its `lang` attribute: it
 * is shown as written, never translated, and the attribute lets screen readers and browsers' translation read it
 * right. Experiences carry no language of their own, so the text tells: Japanese script → `ja`, else `en`.
 */
export function contentLang(text: string | null | undefined): 'ja' | 'en' {
  return text && /[\u3040-\u30ff\u3400-\u9fff]/.test(text) ? 'ja' : 'en';
}
