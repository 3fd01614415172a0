import { createBrowserRouter } from 'react-router';
import { routes } from './route-table';

let hostArea = false;
let adminArea = false;

/**
 * The app's router. Created when called, not when this module is evaluated: making it matches the first page's
 * routes and starts its code download (12–16 ms on this machine, four times that at Lighthouse's phone CPU), and main.tsx does that
 * in a task of its own, after the shell's evaluation (issue 34: every task over 50 ms counts as blocking time).
 */
export const createAppRouter = () =>
  createBrowserRouter(routes, {
    // The back office's routes are discovered on the first visit to its area, with the area's module (Amplify, its
    // shell and screens): a guest page carries nothing of it but these lines.
    async patchRoutesOnNavigation({ path, patch }) {
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
