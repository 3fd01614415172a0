/**
 * Guest spec §1 and §4: analytics behind the configuration's flag. On, Google Tag Manager (the deployment's
 * container) loads and events are pushed to its `dataLayer`; off, no third-party script is ever added and events go
 * nowhere.
 */
import type { AppConfig } from './config';

type Analytics = AppConfig['analytics'];

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

let started = false;

/**
 * The host and admin back offices (DESIGN §4d): no third-party script runs there, whatever the deployment's
 * analytics setting; a script on those pages could read guests' data and act with the signed-in account.
 */
export const isBackOfficePath = (path: string): boolean => /^\/(host|admin)(\/|$)/.test(path);

/**
 * Loads the container once, when analytics is on (main.tsx, after the configuration has loaded), and never on a
 * back-office page. No guest page links into the back office, so a page that started the container is never one
 * a host or admin works in without a full page load first.
 */
export function startAnalytics(analytics: Analytics, path: string = window.location.pathname): void {
  if (!analytics.enabled || !analytics.gtmContainerId || started || isBackOfficePath(path)) return;
  started = true;
  window.dataLayer ??= [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(analytics.gtmContainerId)}`;
  document.head.appendChild(script);
}

/** Pushes one event (e.g. `booking_request_complete`) when analytics is on; never throws into the page. */
export function trackEvent(analytics: Analytics, event: string, params: Record<string, unknown>): void {
  if (!analytics.enabled) return;
  try {
    window.dataLayer ??= [];
    window.dataLayer.push({ event, ...params });
  } catch (e) {
    // Guest spec §4: a failed analytics event is only logged.
    console.error('Analytics event not recorded', e);
  }
}
