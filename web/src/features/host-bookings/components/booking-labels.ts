import type { BackOfficeBooking } from '@domain/back-office-views';

/** The tour's language (what the guest chose on the detail page). */
export const tourLanguageLabel: Record<BackOfficeBooking['language'], string> = {
  en: '英語',
  ja: '日本語',
};
