/**
 * The API routes AWS WAF's CHALLENGE action guards (issue 29, `lib/waf.ts`): each makes something for free that
 * costs someone else (a held slot and a card authorisation, a guess at a booking, a mail to a guest, a PDF rendered). A browser
 * passes the challenge silently with WAF's integration script, which the SPA loads before it sends one of these
 * (`web/src/lib/waf-token.ts`); a script without a browser does not.
 */
export const CHALLENGED_API_PATHS = [
  '/api/bookings',
  '/api/bookings/lookup',
  '/api/bookings/cancel-code',
  // Issue 28: a receipt is a lookup that also renders a PDF.
  '/api/bookings/receipt',
] as const;

/** Whether a request is one the web ACL challenges (`POST` to one of the paths, no trailing slash). */
export const isChallengedRequest = (method: string, path: string): boolean =>
  method.toUpperCase() === 'POST' && (CHALLENGED_API_PATHS as readonly string[]).includes(path);
