import { hostLanguages } from '@domain/entities';

export type HostLanguage = (typeof hostLanguages)[number];

/** The languages a host guides in (back-office spec §3, §9), as the back office names them, in the domain's order. */
export const HOST_LANGUAGE_LABELS: Record<HostLanguage, string> = {
  japanese: '日本語',
  english: '英語',
  chinese: '中国語',
  korean: '韓国語',
};

export const HOST_LANGUAGES: readonly HostLanguage[] = hostLanguages;
