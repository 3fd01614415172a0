/** The tour's language (what the guest chose on the detail page). */
export const tourLanguageLabel: Record<'en' | 'ja', string> = { en: '英語', ja: '日本語' };
