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
        path: 'ehime',
        lazy: async () => ({ Component: (await import('../features/ehime/pages/ehime-page')).EhimePage }),
      },
      {
        path: 'experiences',
        lazy: async () => ({
          Component: (await import('../features/experiences/pages/experience-list-page')).ExperienceListPage,
        }),
      },
      {
        path: 'search',
        lazy: async () => ({
          Component: (await import('../features/experiences/pages/search-page')).SearchPage,
        }),
      },
      {
        path: 'experience/:id',
        lazy: async () => ({
          Component: (await import('../features/experience-detail/pages/experience-detail-page'))
            .ExperienceDetailPage,
        }),
      },
      {
        path: 'booking-form',
        lazy: async () => ({
          Component: (await import('../features/booking/pages/booking-form-page')).BookingFormPage,
        }),
      },
      {
        path: 'booking-complete',
        lazy: async () => ({
          Component: (await import('../features/manage-booking/pages/booking-complete-page'))
            .BookingCompletePage,
        }),
      },
      {
        path: 'booking-confirmation',
        lazy: async () => ({
          Component: (await import('../features/manage-booking/pages/manage-booking-page')).ManageBookingPage,
        }),
      },
      {
        // Guest spec §2: a public route whose content the specification does not show. Guests reach their booking
        // through Manage Booking, so this address (linked from older mails) leads there.
        path: 'guest/confirm-reservation',
        lazy: async () => ({
          Component: (await import('../features/manage-booking/pages/manage-booking-page')).ManageBookingPage,
        }),
      },
      {
        path: 'about',
        lazy: async () => ({
          Component: (await import('../features/static-pages/pages/about-page')).AboutPage,
        }),
      },
      {
        path: 'faq',
        lazy: async () => ({ Component: (await import('../features/static-pages/pages/faq-page')).FaqPage }),
      },
      {
        path: 'terms-of-service',
        lazy: async () => ({
          Component: (await import('../features/static-pages/pages/terms-page')).TermsPage,
        }),
      },
      {
        path: 'privacy-policy',
        lazy: async () => ({
          Component: (await import('../features/static-pages/pages/privacy-page')).PrivacyPage,
        }),
      },
      {
        path: 'commercial-notice',
        lazy: async () => ({
          Component: (await import('../features/static-pages/pages/commercial-notice-page'))
            .CommercialNoticePage,
        }),
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./routes/not-found-page')).NotFoundPage }),
      },
    ],
  },
]);
