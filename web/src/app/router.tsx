import { createBrowserRouter } from 'react-router';
import { routes } from './route-table';

let hostArea = false;
let adminArea = false;

export const router = createBrowserRouter(routes, {
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
