import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  type DataRouter,
} from 'react-router';
import { localeFromPath, type Locale } from '../lib/i18n/locales';
import { GUEST_ROOT_ID, localeRoutes, routesFor } from './route-table';

let hostArea = false;
let adminArea = false;

/**
 * The app's router, made but not started. Created when called, not when this module is evaluated, and started
 * (`initialize()`: matching the first page, starting its loader and its code download) by the caller. main.tsx does
 * each in a task of its own after the shell's evaluation (issue 34: every task's time over 50 ms at a phone's CPU is
 * blocking time): together they were one task of 66 ms at 4× CPU on the list (ranking the routes 28 ms, starting
 * the first page 32 ms).
 *
 * It is `createBrowserRouter` in two steps: the same `createRouter` with the same options, which React Router exports
 * (as `UNSAFE_`) for frameworks that build their routers themselves. It knows English's pages and the first page's
 * language; the other languages' pages are added when the guest goes to one (all four took 36 ms to rank at 4×).
 */
export function makeAppRouter(): DataRouter {
  // English and the first page's language; another language's pages are added on the way to one of them.
  const added = new Set<Locale>(['en', localeFromPath(window.location.pathname)]);
  return createRouter({
    routes: routesFor([...added]),
    history: createBrowserHistory({ window }),
    mapRouteProperties,
    hydrationRouteProperties,
    window,
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
}

/** The router, made and started at once (tests, and anything that does not need the two steps apart). */
export const createAppRouter = (): DataRouter => makeAppRouter().initialize();
