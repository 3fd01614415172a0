/**
 * The props a styled element of ours passes on to its DOM element: all but the styling ones. Given to `styled(tag,
 * { shouldForwardProp })` so that emotion does not fall back to @emotion/is-prop-valid, whose one long regular
 * expression took about 60 ms to compile at Lighthouse's phone CPU (4×), in whichever task first used it (issue 34).
 * Our styled elements only receive DOM attributes, so nothing else needs filtering.
 */
export const forwardToElement = (prop: string): boolean =>
  prop !== 'theme' && prop !== 'sx' && prop !== 'as' && prop !== 'ownerState';
