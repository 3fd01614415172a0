/**
 * The CloudFront Function (viewer request, default behaviour) that routes guest pages (issue 17), generated from
 * the resolver the local server runs (`functions/domain/guest-pages.ts`): the same two functions' source, so the
 * two origins cannot answer differently. Which pages exist comes from the distribution's KeyValueStore (the
 * renderer adds a key when it writes a page and removes it when it deletes one): a function cannot ask S3. An
 * experience has ONE entry for its pages in every language (`pageKeyLookup`, issue 33), so 50,000 experiences
 * fit the store's 5 MB.
 *
 * Why a function + KeyValueStore rather than the bucket's 403/404 and distribution-wide error responses: those
 * would also rewrite the API's own 403/404 answers. The answers:
 * - a rendered page → its object under `pages/` (no-cache HTML);
 * - an experience without a page (unknown, unpublished, suspended) → the not-found page of its language
 *   (`pages/404.html`, `pages/ko/404.html`), which the viewer-response function below answers with status 404 and
 *   `X-Robots-Tag: noindex`; a path the site has no page or route for (`/foo/bar`, `/ja/nope`) → the site's
 *   not-found page of its language (`pages/not-found.html`, `pages/ja/not-found.html`), 404 as well;
 * - anything else without an extension → the SPA shell (`/index.html`), as before.
 */
import { guestPageTarget, pageKeyLookup, resolveGuestPage } from '../functions/domain/guest-pages';

export function guestPagesRequestCode(): string {
  return [
    "import cf from 'cloudfront';",
    'const kvs = cf.kvs();',
    guestPageTarget.toString(),
    pageKeyLookup.toString(),
    resolveGuestPage.toString(),
    'async function handler(event) {',
    '  var request = event.request;',
    '  var target = guestPageTarget(request.uri);',
    '  var exists = false;',
    '  if (target && target.key) {',
    '    try { await kvs.get(pageKeyLookup(target.key)); exists = true; } catch (e) { exists = false; }',
    '  }',
    '  var hasQuery = Object.keys(request.querystring).length > 0;',
    '  var answer = resolveGuestPage(request.uri, hasQuery, function (key) { return exists && key === target.key; });',
    "  if (answer.kind !== 'shell') { request.uri = '/' + answer.key; return request; }",
    "  var last = request.uri.split('/').pop();",
    "  if (last.indexOf('.') === -1) { request.uri = '/index.html'; }",
    '  return request;',
    '}',
  ].join('\n');
}

/** Viewer response: the not-found page (of any language) is a real 404 that search engines do not index. */
export function guestPagesResponseCode(): string {
  return [
    'function handler(event) {',
    '  if (/^\\/pages\\/([a-z-]+\\/)?(404|not-found)\\.html$/.test(event.request.uri)) {',
    '    event.response.statusCode = 404;',
    "    event.response.statusDescription = 'Not Found';",
    "    event.response.headers['x-robots-tag'] = { value: 'noindex' };",
    '  }',
    '  return event.response;',
    '}',
  ].join('\n');
}
