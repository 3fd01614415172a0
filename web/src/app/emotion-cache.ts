import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * The emotion cache of the server render and of the hydrating client: the same key, so the client adopts the
 * `<style data-emotion="css …">` tags the server wrote into the head instead of inserting them again.
 */
export function createEmotionCache(): EmotionCache {
  return createCache({ key: 'css' });
}
