import { createBrowserRouter } from 'react-router';
import { localeFromPath, type Locale } from '../lib/i18n/locales';
import { GUEST_ROOT_ID, localeRoutes, routesFor } from './route-table';

let hostArea = false;
let adminArea = false;

/**
 * The app's router. Created when called, not when this module is evaluated: making it ranks the routes, matches the
 * first page and starts its code download, and main.tsx does that in a task of its own, after the shell's evaluation
 * (issue 34: every task over 50 ms counts as blocking time). It knows English's pages and the first page's language;
 * the other languages' pages are added when the guest goes to one. With all four languages it took 36 ms at
 * Lighthouse's phone CPU (4×), with one or two 6–12 ms.
 */
export const createAppRouter = () => {
  // English and the first page's language; another language's pages are added on the way to one of them.
  const added = new Set<Locale>(['en', localeFromPath(window.location.pathname)]);
  return createBrowserRouter(routesFor([...added]), {
    // The back office's routes are discovered on the first visit to its area, with the area's module (Amplify, its
    // shell and screens): a guest page carries nothing of it but these lines.
    async patchRoutesOnNavigation({ path, patch }) {
      // A path of a language not added yet matches English's not-found page (a splat), which is what makes the
      // router ask here before it settles on it.
      const locale = localeFromPath(path);
      if (!added.has(locale)) {
        patch(GUEST_ROOT_ID, localeRoutes(locale));
        added.add(locale);
      }
      if (!hostArea && /^\/host(\/|$)/.test(path)) {
        patch(null, (await import('./back-office/host-area')).hostRoutes());
        hostArea = true;
      }
      if (!adminArea && /^\/admin(\/|$)/.test(path)) {
        patch(null, (await import('./back-office/admin-area')).adminRoutes());
        adminArea = true;
      }
    },
  });
};
