/**
 * The free-text search's limits, stated once for the API's query schema and the search page (no zod here, so the
 * page can import it without the schema library).
 */
export const SEARCH_MAX_LENGTH = 200;
export const SEARCH_TOO_LONG_MESSAGE = `Your search is too long. Please use at most ${SEARCH_MAX_LENGTH} characters.`;
