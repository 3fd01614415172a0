/**
 * Host back-office component tests: the host routes with a fake identity provider (an in-memory pool implementing
 * the `AuthClient` port, with Cognito's error names) and a `fetch` stub for the host API.
 */
import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '@testing-library/jest-dom/vitest';
import { AppProviders } from '../../../../web/src/app/providers';
import { hostRoutes } from '../../../../web/src/app/back-office/host-area';
import {
  AuthFailure,
  type AuthClient,
  type SignedInUser,
  type SignInOutcome,
  type SignUpInput,
} from '../../../../web/src/lib/back-office-auth/auth-client';
import type { BackOfficeBooking, HostExperienceView, HostView } from '@domain/back-office-views';
import { testConfig } from '../support/render';

// Lazy screens, the postal-code data and the forms compile on first use; on a busy shared machine that takes more
// than the library's 1 s default.
configure({ asyncUtilTimeout: 8000 });

interface PoolUser {
  userId: string;
  email: string;
  password: string;
  confirmed: boolean;
  businessName: string;
  /** Set for an account created by an administrator with a temporary password. */
  temporary?: boolean;
  /** A pool that requires TOTP: the account still has to enrol an authenticator, or has one. */
  mfa?: 'setup' | 'enrolled';
}

/** The authenticator code the fake pool accepts, and the key it hands out for an enrolment. */
export const FAKE_TOTP_CODE = '123456';
export const FAKE_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** An in-memory user pool behaving like Cognito for the calls the back office makes. */
export class FakeAuthClient implements AuthClient {
  users: PoolUser[] = [];
  session: SignedInUser | null = null;
  /** The code the pool "mailed" last (sign-up or reset). */
  lastCode: string | null = null;
  calls: string[] = [];
  /** Make the next call of this name fail with this error. */
  failNext: Record<string, AuthFailure> = {};
  private pendingChallenge: PoolUser | null = null;
  private listeners = new Set<() => void>();

  addUser(user: Partial<PoolUser> & { email: string; password: string }): PoolUser {
    const full: PoolUser = {
      userId: `sub-${this.users.length + 1}`,
      confirmed: true,
      businessName: 'Test host',
      ...user,
    };
    this.users.push(full);
    return full;
  }

  signInAs(email: string) {
    const user = this.users.find((u) => u.email === email)!;
    this.session = { userId: user.userId, email: user.email };
  }

  /** Ends the session from outside, as a revoked refresh token does. */
  endSession() {
    this.session = null;
    for (const listener of this.listeners) listener();
  }

  private failing(name: string) {
    this.calls.push(name);
    const error = this.failNext[name];
    if (error) {
      delete this.failNext[name];
      throw error;
    }
  }

  private find(email: string) {
    return this.users.find((u) => u.email.toLowerCase() === email.trim().toLowerCase());
  }

  async currentUser() {
    return this.session;
  }
  async idToken() {
    return this.session ? `token-${this.session.userId}` : null;
  }
  async signIn(email: string, password: string): Promise<SignInOutcome> {
    this.failing('signIn');
    const user = this.find(email);
    if (!user || user.password !== password) {
      throw new AuthFailure('NotAuthorizedException', 'Incorrect username or password.');
    }
    if (!user.confirmed) return { step: 'confirm_sign_up' };
    this.pendingChallenge = user;
    if (user.temporary) return { step: 'new_password_required' };
    return this.afterPassword(user);
  }
  private afterPassword(user: PoolUser): SignInOutcome {
    if (user.mfa === 'setup') return { step: 'totp_setup', secret: FAKE_TOTP_SECRET };
    if (user.mfa === 'enrolled') return { step: 'totp_code' };
    this.session = { userId: user.userId, email: user.email };
    return { step: 'done' };
  }
  async completeNewPassword(newPassword: string): Promise<SignInOutcome> {
    this.failing('completeNewPassword');
    const user = this.pendingChallenge!;
    user.password = newPassword;
    user.temporary = false;
    return this.afterPassword(user);
  }
  async confirmTotp(code: string): Promise<SignInOutcome> {
    this.failing('confirmTotp');
    const user = this.pendingChallenge!;
    if (code !== FAKE_TOTP_CODE) {
      throw user.mfa === 'setup'
        ? new AuthFailure(
            'EnableSoftwareTokenMFAException',
            'Code mismatch and fail enable Software Token MFA',
          )
        : new AuthFailure('CodeMismatchException', 'Invalid code received for user');
    }
    user.mfa = 'enrolled';
    this.session = { userId: user.userId, email: user.email };
    return { step: 'done' };
  }
  async signOut() {
    this.failing('signOut');
    this.session = null;
  }
  async signUp(input: SignUpInput) {
    this.failing('signUp');
    if (this.find(input.email)) throw new AuthFailure('UsernameExistsException', 'User already exists');
    this.addUser({
      email: input.email.trim(),
      password: input.password,
      confirmed: false,
      businessName: input.businessName,
    });
    this.lastCode = '123456';
    return { needsConfirmation: true };
  }
  async confirmSignUp(email: string, code: string) {
    this.failing('confirmSignUp');
    if (code !== this.lastCode) throw new AuthFailure('CodeMismatchException', 'Invalid code');
    this.find(email)!.confirmed = true;
  }
  async resendSignUpCode() {
    this.failing('resendSignUpCode');
    this.lastCode = '654321';
  }
  async resetPassword(email: string) {
    this.failing('resetPassword');
    if (!this.find(email)) throw new AuthFailure('UserNotFoundException', 'User not found');
    this.lastCode = '111111';
  }
  async confirmResetPassword(email: string, code: string, newPassword: string) {
    this.failing('confirmResetPassword');
    if (code !== this.lastCode) throw new AuthFailure('CodeMismatchException', 'Invalid code');
    this.find(email)!.password = newPassword;
  }
  async updatePassword(oldPassword: string, newPassword: string) {
    this.failing('updatePassword');
    const user = this.find(this.session!.email)!;
    if (user.password !== oldPassword) throw new AuthFailure('NotAuthorizedException', 'Incorrect password');
    user.password = newPassword;
  }
  onSessionEnded(listener: () => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

export const DEMO_HOST_VIEW: HostView = {
  id: 'sub-1',
  email: 'host@example.com',
  businessName: 'Setouchi Local Guides',
  introduction: 'We guide small groups around Matsuyama.',
  businessDescription: null,
  businessHours: null,
  address: null,
  phone: null,
  website: null,
  locationLat: null,
  locationLng: null,
  languages: ['japanese', 'english'],
  cancellationPolicy: { days: 7, refundPercentage: 100 },
  avatarUrl: null,
  createdAt: '2026-01-05T00:00:00.000Z',
};

export type ApiAnswer = { status: number; body?: unknown };
export type ApiRoute = (
  method: string,
  path: string,
  body: unknown,
  request: { url: URL; headers: Headers },
) => ApiAnswer | undefined;

export interface ApiCall {
  method: string;
  path: string;
  search: string;
  body: unknown;
  authorization: string | null;
}

/**
 * A `fetch` stub for `/api/*`: answers `GET /api/host/me` with the demo host unless `route` says otherwise;
 * unknown routes answer 404. Records every call.
 */
export function stubHostApi(route: ApiRoute = () => undefined) {
  const calls: ApiCall[] = [];
  const stub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const path = url.pathname.replace(/^\/api/, '');
    calls.push({ method, path, search: url.search, body, authorization: headers.get('authorization') });
    const answer = route(method, path, body, { url, headers }) ??
      (method === 'GET' && path === '/host/me' ? { status: 200, body: DEMO_HOST_VIEW } : undefined) ?? {
        status: 404,
        body: { error: { code: 'not_found', message: 'Not found' } },
      };
    return new Response(answer.status === 204 ? null : JSON.stringify(answer.body ?? null), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', stub);
  return calls;
}

/** Renders the host area at `path` with the given fake pool. */
/** `state`: the history entry's state, as a reload finds it (react-router keeps it in `history.state`). */
export function renderHost(path: string, auth: FakeAuthClient, state?: unknown) {
  const router = createMemoryRouter(
    [
      ...hostRoutes(() => auth).map((route) => ({ ...route, path: '/host' })),
      { path: '*', element: <p>guest page</p> },
    ],
    { initialEntries: [state === undefined ? path : { pathname: path, state }] },
  );
  const result = render(
    <AppProviders config={testConfig}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}

/** A signed-in demo host (pool user + session). */
export function signedInHost(): FakeAuthClient {
  const auth = new FakeAuthClient();
  auth.addUser({ email: 'host@example.com', password: 'DemoHost#2025', userId: 'sub-1' });
  auth.signInAs('host@example.com');
  return auth;
}

let bookingSeq = 0;
/** A pending request of a guest for the demo host's experience. */
export function bookingFixture(overrides: Partial<BackOfficeBooking> = {}): BackOfficeBooking {
  bookingSeq += 1;
  return {
    id: `booking-${bookingSeq}`,
    reference: `REF${String(bookingSeq).padStart(3, '0')}`,
    experienceId: 'exp-1',
    hostId: 'sub-1',
    date: '2026-12-05',
    time: '10:00',
    guests: 2,
    language: 'en',
    firstName: 'Hanako',
    lastName: 'Tester',
    email: 'hanako@example.com',
    phone: '+81 90-1234-5678',
    nationality: 'Japan',
    specialRequests: null,
    unitPrice: 9800,
    amount: 19600,
    currency: 'JPY',
    status: 'pending',
    paymentProvider: 'local',
    paymentIntentId: 'pi_local_1',
    deadline: new Date(Date.now() + 30 * 3_600_000).toISOString(),
    deniedMessage: null,
    guestLocale: 'en',
    experienceTitle: 'Dogo Onsen evening walk',
    decidedBy: null,
    decidedAt: null,
    reminderSentAt: null,
    createdAt: '2026-11-20T03:00:00.000Z',
    updatedAt: '2026-11-20T03:00:00.000Z',
    ...overrides,
  };
}

/** jsdom has no object URLs: previews get a fake one. */
export function stubObjectUrls() {
  let n = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn(() => `blob:preview-${++n}`),
      revokeObjectURL: vi.fn(),
    }),
  );
}

export interface StoragePost {
  url: string;
  fields: Record<string, string>;
  file: File | null;
}

/**
 * Storage for presigned POSTs: an XMLHttpRequest stand-in that reports progress and answers 204 (or `status`),
 * recording what was sent.
 */
export function stubStorage(options: { status?: number } = {}) {
  const posts: StoragePost[] = [];
  class FakeXhr {
    status = 0;
    withCredentials = false;
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    abort() {
      this.onabort?.();
    }
    send(body: FormData) {
      const fields: Record<string, string> = {};
      let file: File | null = null;
      for (const [name, value] of body.entries()) {
        if (typeof value === 'string') fields[name] = value;
        else file = value as File;
      }
      posts.push({ url: this.url, fields, file });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        setTimeout(() => {
          this.status = options.status ?? 204;
          this.onload?.();
        }, 5);
      }, 5);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return posts;
}

/** `POST /api/host/uploads` answers: one presigned POST per call, keys `uploads/sub-1/<n>`. */
export function presignedUploads() {
  let n = 0;
  return (method: string, path: string): ApiAnswer | undefined => {
    if (method !== 'POST' || path !== '/host/uploads') return undefined;
    n += 1;
    return {
      status: 201,
      body: {
        key: `uploads/sub-1/${n}`,
        url: 'http://127.0.0.1:9000/images-bucket',
        fields: {
          key: `uploads/sub-1/${n}`,
          'Content-Type': 'image/jpeg',
          Policy: 'p',
          'X-Amz-Signature': 's',
        },
      },
    };
  };
}

export const CATEGORIES = [
  { id: 'cat-nature', name: 'Nature' },
  { id: 'cat-gourmet', name: 'Gourmet' },
  { id: 'cat-history', name: 'History' },
];

/** The first bytes of real files of these types (the form reads them before uploading). */
const SIGNATURES: Record<string, number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'application/pdf': [...'%PDF-1.7'].map((c) => c.charCodeAt(0)),
};

/** A file of `type` whose bytes are of `contentType` (a PDF renamed .jpg: `imageFile('a.jpg', 10, 'image/jpeg', 'application/pdf')`). */
export function imageFile(name = 'photo.jpg', size = 2048, type = 'image/jpeg', contentType = type): File {
  const bytes = new Uint8Array(Math.min(size, 4096));
  bytes.set(SIGNATURES[contentType] ?? []);
  const file = new File([bytes], name, { type });
  if (size > 4096) Object.defineProperty(file, 'size', { value: size });
  return file;
}

export function experienceFixture(overrides: Partial<HostExperienceView> = {}): HostExperienceView {
  return {
    id: 'exp-1',
    hostId: 'sub-1',
    title: 'Dogo Onsen evening walk',
    description: 'Walk the old bath town at dusk.',
    price: 9800,
    mainImages: ['/images/exp-1/a.webp', '/images/exp-1/b.webp'],
    movie: null,
    detailHeading1: 'The bathhouse',
    detailText1: null,
    detailImage1: null,
    detailHeading2: null,
    detailText2: null,
    detailImage2: null,
    postalCode: '790-0842',
    prefecture: 'Ehime',
    city: 'Matsuyama',
    district: 'Dogo-yunomachi',
    streetAddress: '5-6',
    building: null,
    mapLat: 33.8519,
    mapLng: 132.7864,
    cancellationPolicy: 'Free cancellation up to 7 days before.',
    tags: ['onsen'],
    thingsToKnowPrice: null,
    thingsToKnowItinerary: null,
    thingsToKnowClothes: null,
    thingsToKnowNote: null,
    participantsMin: 1,
    participantsMax: 4,
    publicationStatus: 'public',
    durationMinutes: 60,
    availability: {
      defaultHours: { start: '17:00', end: '20:00' },
      allDay: false,
      regularHolidays: ['wednesday'],
      capacity: 1,
    },
    categoryIds: ['cat-nature'],
    createdAt: '2026-10-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}
