/**
 * Renders a piece of the SPA with the app's real providers (config, theme, React Query, toasts) inside a memory
 * router, against a `fetch` stub that answers the API routes a test cares about.
 */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '@testing-library/jest-dom/vitest';
import { AppProviders } from '../../../../web/src/app/providers';
import type { AppConfig } from '../../../../web/src/lib/config';

export const testConfig: AppConfig = {
  stage: 'local',
  apiBaseUrl: '/api',
  region: 'ap-northeast-1',
  siteName: 'Ehime Experiences',
  baseUrl: 'http://localhost:3000',
  cognito: {
    endpoint: 'http://localhost:9229',
    hostPool: { userPoolId: 'local_host', clientId: 'host-client' },
    adminPool: { userPoolId: 'local_admin', clientId: 'admin-client' },
  },
  payments: { provider: 'local', publishableKey: null },
  mapsApiKey: null,
  links: {
    messenger: 'https://m.me/ehime.test',
    contactForm: 'https://forms.example.com/contact',
    companySite: null,
    instagram: 'https://www.instagram.com/ehime.test/',
    facebook: null,
  },
  ehimeVideoUrl: null,
  analytics: { enabled: false, gtmContainerId: null },
};

export type Route = (
  url: URL,
  init: RequestInit | undefined,
) => { status: number; body: unknown; headers?: Record<string, string> } | undefined;

/** Replaces `fetch` for the test; unknown paths answer 404 so a missing stub shows up as an error state. */
export function stubFetch(route: Route) {
  const calls: URL[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url);
    const answer = route(url, init) ?? {
      status: 404,
      body: { error: { code: 'not_found', message: 'Not found' } },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

export function renderWithApp(
  element: ReactElement,
  options: {
    path?: string;
    initialEntry?: string;
    extraRoutes?: { path: string; element: ReactElement }[];
    /** The deployment's settings, when a test needs others than `testConfig`. */
    config?: AppConfig;
  } = {},
) {
  const router = createMemoryRouter(
    [{ path: options.path ?? '/', element }, ...(options.extraRoutes ?? [])],
    { initialEntries: [options.initialEntry ?? '/'] },
  );
  const result = render(
    <AppProviders config={options.config ?? testConfig}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}
