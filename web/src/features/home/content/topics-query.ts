import type { ExperienceListParams } from '../../../lib/catalogue-api';

/** Guest spec §2: the home carousel shows the 5 newest experiences (the page and its route loader ask for these). */
export const HOME_TOPICS_QUERY: ExperienceListParams = { sort: 'newest', limit: 5 };
