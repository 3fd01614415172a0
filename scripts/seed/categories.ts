/**
 * The nine categories of the marketplace (guest spec §2, home category grid), with fixed ids: the SPA's category
 * tiles link to `/experiences?categories=<id>`, so the ids must be the same in every stage and after every reset.
 * The SPA may import this module (it has no dependencies); the same list seeds production.
 */
export const CATEGORY_IDS = {
  nature: '4ec69565-6d7e-4195-97a2-2d7a7929fa97',
  historyAndTraditionalCulture: '8ec0cabc-766a-4561-ad12-d845d62cd16d',
  wellness: 'afeabf11-9020-44b4-92ce-ef3e4697b502',
  interactionWithLocals: '92a336ad-dfb6-437e-9d28-e788d18c21e5',
  industrialTourism: '11461241-4824-46aa-afa7-75d3535d6c45',
  gourmetAndGastronomy: '7eeb1770-fd54-47f3-858c-5f1305bfa358',
  anniversary: 'ad352987-c16f-499b-bfe4-37dde064e9de',
  otherSpecialExperiences: '82f1ff2f-4729-4019-9252-e761d254f5ba',
  forCorporationsAndGroups: '4382aaa9-6191-477d-b1f6-ff8c9b257a73',
} as const;

export type CategoryKey = keyof typeof CATEGORY_IDS;

/** In the order of the home page's grid. */
export const SEED_CATEGORIES: ReadonlyArray<{ key: CategoryKey; id: string; name: string }> = [
  { key: 'nature', id: CATEGORY_IDS.nature, name: 'Nature' },
  {
    key: 'historyAndTraditionalCulture',
    id: CATEGORY_IDS.historyAndTraditionalCulture,
    name: 'History & Traditional Culture',
  },
  { key: 'wellness', id: CATEGORY_IDS.wellness, name: 'Wellness' },
  { key: 'interactionWithLocals', id: CATEGORY_IDS.interactionWithLocals, name: 'Interaction with Locals' },
  { key: 'industrialTourism', id: CATEGORY_IDS.industrialTourism, name: 'Industrial Tourism' },
  { key: 'gourmetAndGastronomy', id: CATEGORY_IDS.gourmetAndGastronomy, name: 'Gourmet & Gastronomy' },
  { key: 'anniversary', id: CATEGORY_IDS.anniversary, name: 'Anniversary' },
  {
    key: 'otherSpecialExperiences',
    id: CATEGORY_IDS.otherSpecialExperiences,
    name: 'Other Special Experiences',
  },
  {
    key: 'forCorporationsAndGroups',
    id: CATEGORY_IDS.forCorporationsAndGroups,
    name: 'For Corporations & Groups',
  },
];
