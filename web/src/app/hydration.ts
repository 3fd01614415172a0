import { hydrate, type QueryClient } from '@tanstack/react-query';
import type { DataRouter } from 'react-router';

/** The id of the script element where the server render (web/src/ssr) leaves the dehydrated query cache. */
export const SSR_STATE_ID = 'ssr-state';

/**
 * Fills the query cache with the server render's data, when the page came as prerendered HTML (issue 17), so
 * the hydrating render finds exactly the data the server rendered with. Answers whether it did.
 */
export function adoptServerState(queryClient: QueryClient, container: HTMLElement): boolean {
  const state = document.getElementById(SSR_STATE_ID);
  if (!state || !container.hasChildNodes()) return false;
  hydrate(queryClient, JSON.parse(state.textContent ?? '{}'));
  fromServer = true;
  awaitingHydration = true;
  return true;
}

let fromServer = false;
let awaitingHydration = false;

/**
 * True from adopting the server's data until hydration starts. The first page's loaders must not fetch meanwhile:
 * a server page older than the queries' stale time (a cached or not yet re-rendered page) would have its data
 * refetched, and an answer that differs from the server's HTML (a new experience, a new rating) landing before
 * hydration made React discard the page and render it again (error #418), losing what the guest was typing. The
 * page's own hooks refetch stale data once it is hydrated, as an ordinary update.
 */
export function serverPageAwaitingHydration(): boolean {
  return awaitingHydration;
}

/** Called by main.tsx as it hydrates the server's page: navigations from now on prefetch as usual. */
export function hydrationStarting(): void {
  awaitingHydration = false;
}

/**
 * True while rendering on the server, and in a browser whose page came as server HTML: a component that renders
 * part of itself only after the first paint (a client-side optimisation) renders it at once then, as the server
 * did, so hydration matches.
 */
export function renderedOnServer(): boolean {
  return typeof document === 'undefined' || fromServer;
}

/** Resolves when the router has loaded the first page's lazy route (hydration must render that page, not a fallback). */
export function routerReady(router: Pick<DataRouter, 'state' | 'subscribe'>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/**
 * Where the guest had scrolled a server page before it hydrated, read in the hydrating render; null elsewhere. React
 * Router's ScrollRestoration scrolls a first visit to the top when it mounts, so a guest who had already scrolled
 * down to the booking form (issue 34: its code loads when reached) was thrown back to the top at hydration.
 */
export function scrollBeforeHydration(): number | null {
  return typeof document !== 'undefined' && fromServer && window.scrollY > 0 ? window.scrollY : null;
}
