import type { ComponentType } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router';
import { HOME_TOPICS_QUERY } from '../features/home/content/topics-query';
import {
  categoriesQuery,
  experienceCardPagesQuery,
  experienceCardsQuery,
  experienceQuery,
  hostQueryKey,
} from '../lib/catalogue-api';
import { galleryMainSizes, LIST_CARD_SIZES } from '../lib/image-sizes';
import { loadCatalogue } from '../lib/i18n/i18n';
import { LOCALES, type Locale } from '../lib/i18n/locales';
import { AppLayout } from './layout';
import { prefetchLoader, preloadImage } from './prefetch';
import type { ConciergePage } from './routes/concierge-routes';
import { RouteError } from './routes/route-error';

/**
 * A page whose long texts are a module per language (static pages, /ehime): its loader, which the page module
 * exports as `contentLoader`, brings the page's language in before it renders (the server render included).
 */
async function staticPage<M extends { contentLoader: LoaderFunction }>(
  page: Promise<M>,
  component: (module: M) => ComponentType,
) {
  const module = await page;
  return { Component: component(module), loader: module.contentLoader };
}

/**
 * Every page is a lazy route: a guest downloads the code of the page they open, not of the back office.
 * Features add their routes here (guest spec §2 route table; host and admin areas in the back-office spec).
 * The pages that open on API data have a prefetching loader (app/prefetch.ts): their requests start while their
 * code downloads, and the image that will be their largest paint starts as soon as its address is known.
 * The guest pages are the same under every language's prefix (English at the root). Home and the not-found page
 * need only the catalogue's shell part, which the first page loads anyway; every other page's code downloads with
 * its language's pages part (`withPageMessages`), so a first visit to home never downloads the rest; the pages a guest
 * reaches from a link or after booking (the concierge desk, their booking, a review) also download the desk part
 * (`withDeskMessages`), which no catalogue or experience page needs.
 */
function guestRoutes(locale: Locale): RouteObject[] {
  const withPageMessages =
    <T,>(load: () => Promise<T>) =>
    async (): Promise<T> =>
      (await Promise.all([load(), loadCatalogue(locale, 'pages')]))[0];
  const withDeskMessages =
    <T,>(load: () => Promise<T>) =>
    async (): Promise<T> =>
      (await Promise.all([load(), loadCatalogue(locale, 'pages'), loadCatalogue(locale, 'desk')]))[0];
  const concierge = (page: ConciergePage) =>
    withDeskMessages(async () => ({
      Component: await (await import('./routes/concierge-routes')).conciergePage(page),
    }));

  return [
    {
      index: true,
      loader: prefetchLoader(({ queryClient, api }) =>
        queryClient.query(experienceCardsQuery(api, HOME_TOPICS_QUERY)),
      ),
      lazy: async () => ({ Component: (await import('../features/home/pages/home-page')).HomePage }),
    },
    {
      path: 'ehime',
      lazy: withPageMessages(() =>
        staticPage(import('../features/ehime/pages/ehime-page'), (m) => m.EhimePage),
      ),
    },
    {
      path: 'experiences',
      loader: prefetchLoader(async (context, { request }) => {
        const { queryClient, api } = context;
        // The page's own parser (a small chunk shared with the page, loaded next to it).
        const { listQueryParams, parseFilters } =
          await import('../features/experiences/hooks/experience-filters');
        const filters = parseFilters(new URL(request.url).searchParams);
        const [pages] = await Promise.all([
          queryClient.fetchInfiniteQuery(experienceCardPagesQuery(api, listQueryParams(filters))),
          queryClient.query(categoriesQuery(api)),
        ]);
        preloadImage(context, pages.pages[0]?.items[0]?.image, LIST_CARD_SIZES);
      }),
      lazy: withPageMessages(async () => ({
        Component: (await import('../features/experiences/pages/experience-list-page')).ExperienceListPage,
      })),
    },
    {
      path: 'search',
      lazy: withPageMessages(async () => ({
        Component: (await import('../features/experiences/pages/search-page')).SearchPage,
      })),
    },
    {
      path: 'experience/:id',
      loader: prefetchLoader(async (context, { params }) => {
        const { queryClient, api } = context;
        if (!params.id) return;
        const experience = await queryClient.query(experienceQuery(api, params.id));
        // The answer carries the host's public fields: About Host needs no request of its own (and is in the
        // server's HTML).
        if (experience.host) queryClient.setQueryData(hostQueryKey(experience.hostId), experience.host);
        preloadImage(context, experience.mainImages[0], galleryMainSizes(experience.mainImages.length));
      }),
      lazy: withPageMessages(async () => ({
        Component: (await import('../features/experience-detail/pages/experience-detail-page'))
          .ExperienceDetailPage,
      })),
    },
    {
      path: 'booking-form',
      lazy: withPageMessages(async () => ({
        Component: (await import('../features/booking/pages/booking-form-page')).BookingFormPage,
      })),
    },
    {
      path: 'booking-complete',
      lazy: withDeskMessages(async () => ({
        Component: (await import('../features/manage-booking/pages/booking-complete-page'))
          .BookingCompletePage,
      })),
    },
    {
      // The personal link of a review invitation (DESIGN §4e).
      path: 'review/:token',
      lazy: withDeskMessages(async () => ({
        Component: (await import('../features/review/pages/review-page')).ReviewPage,
      })),
    },
    {
      path: 'booking-confirmation',
      lazy: withDeskMessages(async () => ({
        Component: (await import('../features/manage-booking/pages/manage-booking-page')).ManageBookingPage,
      })),
    },
    {
      // Guest spec §2: a public route whose content the specification does not show. Guests reach their booking
      // through Manage Booking, so this address (linked from older mails) leads there.
      path: 'guest/confirm-reservation',
      lazy: withDeskMessages(async () => ({
        Component: (await import('../features/manage-booking/pages/manage-booking-page')).ManageBookingPage,
      })),
    },
    // The concierge desk (DESIGN §4h): ask, the private conversation, a tailored offer with its checkout.
    { path: 'contact', lazy: concierge('contact') },
    { path: 'inquiry/:token', lazy: concierge('inquiry') },
    { path: 'offer/:token', lazy: concierge('offer') },
    {
      path: 'about',
      lazy: withPageMessages(() =>
        staticPage(import('../features/static-pages/pages/about-page'), (m) => m.AboutPage),
      ),
    },
    {
      path: 'faq',
      lazy: withPageMessages(() =>
        staticPage(import('../features/static-pages/pages/faq-page'), (m) => m.FaqPage),
      ),
    },
    {
      path: 'terms-of-service',
      lazy: withPageMessages(() =>
        staticPage(import('../features/static-pages/pages/terms-page'), (m) => m.TermsPage),
      ),
    },
    {
      path: 'privacy-policy',
      lazy: withPageMessages(() =>
        staticPage(import('../features/static-pages/pages/privacy-page'), (m) => m.PrivacyPage),
      ),
    },
    {
      path: 'commercial-notice',
      lazy: withPageMessages(() =>
        staticPage(
          import('../features/static-pages/pages/commercial-notice-page'),
          (m) => m.CommercialNoticePage,
        ),
      ),
    },
    {
      path: '*',
      lazy: async () => ({ Component: (await import('./routes/not-found-page')).NotFoundPage }),
    },
  ];
}

/** The id of the route that holds every guest page (under the layout), which a language's pages are patched into. */
export const GUEST_ROOT_ID = 'guest';

/** A language's pages under its prefix (`/ko/experience/:id`); English is at today's paths. */
export const localeRoutes = (locale: Locale): RouteObject[] => {
  const prefix = LOCALES.find((l) => l.code === locale)?.prefix;
  return prefix ? [{ path: prefix, children: guestRoutes(locale) }] : guestRoutes(locale);
};

/**
 * The route table with the given languages' pages. The browser's router starts with English and the page's own
 * language, and adds another language's pages when the guest goes to one (app/router.tsx): making the router ranks
 * every route, and four languages' tables took 36 ms at Lighthouse's phone CPU (4×), within the app's start
 * (issue 34).
 */
export function routesFor(locales: readonly Locale[]): RouteObject[] {
  return [
    {
      id: GUEST_ROOT_ID,
      element: <AppLayout />,
      errorElement: <RouteError />,
      children: locales.flatMap(localeRoutes),
    },
  ];
}

/** Every language's pages: the server renders any of them. */
export const routes: RouteObject[] = routesFor(LOCALES.map((l) => l.code));
