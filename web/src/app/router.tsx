import { createBrowserRouter } from 'react-router';
import { AppLayout } from './layout';
import { RouteError } from './routes/route-error';

/**
 * Every page is a lazy route: a guest downloads the code of the page they open, not of the back office.
 * Features add their routes here (guest spec §2 route table; host and admin areas in the back-office spec).
 */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('../features/home/pages/home-page')).HomePage }),
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./routes/not-found-page')).NotFoundPage }),
      },
    ],
  },
]);
