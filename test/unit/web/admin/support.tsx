/**
 * Admin back-office component tests: the admin routes with a fake identity provider (the host tests' in-memory pool,
 * which implements the same `AuthClient` port with Cognito's error names) and a `fetch` stub for the admin API.
 */
import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '@testing-library/jest-dom/vitest';
import type {
  AdminAccountView,
  AdminBookingListItem,
  AdminBookingView,
  AdminHostView,
} from '@domain/back-office-views';
import { AppProviders } from '../../../../web/src/app/providers';
import { adminRoutes } from '../../../../web/src/app/back-office/admin-area';
import { bookingFixture, FakeAuthClient } from '../host/support';
import { testConfig } from '../support/render';

export { FakeAuthClient } from '../host/support';

// Lazy screens and the forms compile on first use; on a busy shared machine that takes more than the library's 1 s.
configure({ asyncUtilTimeout: 8000 });

export const ADMIN = { email: 'admin@example.com', password: 'DemoAdmin#2025', userId: 'admin-sub' };

export const ADMIN_ME: AdminAccountView = { id: ADMIN.userId, email: ADMIN.email, role: 'admin' };

/** The admin pool with the demo admin in it (no session). */
export function adminPool(): FakeAuthClient {
  const auth = new FakeAuthClient();
  auth.addUser({ email: ADMIN.email, password: ADMIN.password, userId: ADMIN.userId });
  return auth;
}

/** The demo admin, signed in. */
export function signedInAdmin(): FakeAuthClient {
  const auth = adminPool();
  auth.signInAs(ADMIN.email);
  return auth;
}

export type ApiAnswer = { status: number; body?: unknown; text?: string; headers?: Record<string, string> };
export type ApiRoute = (
  method: string,
  path: string,
  body: unknown,
  request: { url: URL; headers: Headers },
) => ApiAnswer | undefined;

export interface ApiCall {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
  authorization: string | null;
}

/**
 * A `fetch` stub for `/api/*`: `GET /api/admin/me` answers the demo admin unless `route` says otherwise; unknown
 * routes answer 404. An answer with `text` is sent as it is (the CSV export). Records every call.
 */
export function stubAdminApi(route: ApiRoute = () => undefined) {
  const calls: ApiCall[] = [];
  const stub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const path = url.pathname.replace(/^\/api/, '');
    calls.push({ method, path, search: url.searchParams, body, authorization: headers.get('authorization') });
    const answer = route(method, path, body, { url, headers }) ??
      (method === 'GET' && path === '/admin/me' ? { status: 200, body: ADMIN_ME } : undefined) ?? {
        status: 404,
        body: { error: { code: 'not_found', message: 'Not found' } },
      };
    if (answer.text !== undefined) {
      return new Response(new TextEncoder().encode(answer.text), {
        status: answer.status,
        headers: answer.headers,
      });
    }
    return new Response(answer.status === 204 ? null : JSON.stringify(answer.body ?? null), {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', stub);
  return calls;
}

/** Renders the admin area at `path` with the given fake pool; other paths render a marker. */
export function renderAdmin(path: string, auth: FakeAuthClient) {
  const router = createMemoryRouter(
    [
      ...adminRoutes(() => auth).map((route) => ({ ...route, path: '/admin' })),
      { path: '*', element: <p>outside the admin area</p> },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <AppProviders config={testConfig}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}

export const HOST_SUMMARY = {
  id: 'host-1',
  businessName: 'Setouchi Local Guides',
  email: 'host@example.com',
  suspended: false,
};

export function listItem(overrides: Partial<AdminBookingListItem> = {}): AdminBookingListItem {
  return { ...bookingFixture({ hostId: 'host-1' }), host: HOST_SUMMARY, ...overrides };
}

export function bookingView(overrides: Partial<AdminBookingView> = {}): AdminBookingView {
  return {
    ...listItem(),
    experience: { id: 'exp-1', title: 'Dogo Onsen evening walk', price: 9800, publicationStatus: 'public' },
    ...overrides,
  };
}

export function hostView(overrides: Partial<AdminHostView> = {}): AdminHostView {
  return {
    id: 'host-1',
    email: 'host@example.com',
    businessName: 'Setouchi Local Guides',
    introduction: 'We guide small groups around Matsuyama.',
    businessDescription: 'Walking tours and onsen evenings.',
    businessHours: null,
    address: null,
    phone: null,
    website: 'https://setouchi.example.com',
    locationLat: null,
    locationLng: null,
    languages: ['japanese', 'english'],
    cancellationPolicy: { days: 7, refundPercentage: 100 },
    avatarUrl: null,
    createdAt: '2026-01-05T00:00:00.000Z',
    reviewStatus: 'approved',
    suspension: null,
    commissionPercent: 15,
    payoutAccount: { status: 'enabled' },
    payoutHold: null,
    experiences: [
      {
        id: 'exp-1',
        title: 'Dogo Onsen evening walk',
        image: '/images/exp-1/card.webp',
        publicationStatus: 'public',
        price: 9800,
        createdAt: '2026-10-01T00:00:00.000Z',
        listed: true,
      },
      {
        id: 'exp-2',
        title: 'Citrus picking',
        image: '/placeholder.jpg',
        publicationStatus: 'private',
        price: 12000,
        createdAt: '2026-10-02T00:00:00.000Z',
        listed: false,
      },
    ],
    pendingBookings: [],
    ...overrides,
  };
}
