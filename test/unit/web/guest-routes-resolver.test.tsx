/**
 * The resolver both origins run (`guestPageTarget`, also CloudFront's function) lists the SPA's guest routes
 * literally; every route of the route table, in every language, must resolve to its page or the SPA shell, never
 * to the not-found page that answers a path the site does not have (issue 32 item 9).
 */
import type { RouteObject } from 'react-router';
import { guestPageTarget } from '@domain/guest-pages';
import { routes } from '../../../web/src/app/route-table';
import { LOCALES } from '../../../web/src/lib/i18n/locales';

/** Every concrete path of a route tree, parameters filled in (`experience/:id` → `experience/x1`). */
function pathsOf(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    if (route.path === '*') return [];
    const here = route.index
      ? parent || '/'
      : route.path
        ? `${parent}/${route.path.replace(/:\w+/g, 'x1')}`
        : parent;
    return [...(route.index || route.path ? [here] : []), ...pathsOf(route.children ?? [], here)];
  });
}

describe('the guest route table and the page resolver', () => {
  const paths = pathsOf(routes);

  it('covers every language', () => {
    for (const locale of LOCALES) {
      const prefix = locale.prefix ? `/${locale.prefix}` : '';
      expect(paths).toContain(`${prefix}/booking-confirmation`);
    }
  });

  it.each(paths)('%s has a page or the SPA shell, not the not-found page', (path) => {
    const target = guestPageTarget(path);
    expect(target === null || target.key !== '' || target.notFoundKey.endsWith('/404.html')).toBe(true);
    expect(target?.notFoundKey ?? '').not.toMatch(/not-found\.html$/);
  });
});
