/**
 * The HTTP API's routes, declared once. CDK (`lib/`) creates one HTTP API route per entry, integrated with the
 * Lambda of its handler group and protected by the authorizer of its `auth`; the local server (`scripts/local`)
 * matches requests against the same list and invokes the same handler module with an HTTP API payload v2 event
 * whose `routeKey` and `pathParameters` are what API Gateway would send. Each group's handler dispatches on
 * `event.routeKey`.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteAuth = 'public' | 'host' | 'admin';

export const handlerGroups = {
  /** Guest routes: catalogue, availability, bookings, lookup, health. */
  'public-api': { entry: 'functions/api/public-api.ts' },
  /** Host back office (JWT of the host pool). */
  'host-api': { entry: 'functions/api/host-api.ts' },
  /** Admin back office (JWT of the admin pool). */
  'admin-api': { entry: 'functions/api/admin-api.ts' },
  /**
   * Issue 28: the guest's receipt and the hosts' monthly statements as PDF (a public route and routes behind the
   * host and admin pools): the only function with the PDF engine and the fonts.
   */
  'documents-api': { entry: 'functions/api/documents-api.ts' },
  /**
   * Only the local stack: the local payment gateway's card form and the expiry-job button. All its routes are
   * `localOnly`, so the AWS build has no route and no Lambda for it.
   */
  'local-api': { entry: 'functions/api/local/local-api.ts' },
} as const;

export type HandlerGroup = keyof typeof handlerGroups;

export interface RouteDefinition {
  method: HttpMethod;
  /** API Gateway path syntax: `/api/experiences/{id}`. */
  path: string;
  group: HandlerGroup;
  auth: RouteAuth;
  /** Exists only in the local stack (never wired in AWS). */
  localOnly?: boolean;
}

export const routes: RouteDefinition[] = [
  { method: 'GET', path: '/api/health', group: 'public-api', auth: 'public' },
  // Guest API (DESIGN §6).
  { method: 'GET', path: '/api/experiences', group: 'public-api', auth: 'public' },
  { method: 'GET', path: '/api/experiences/{id}', group: 'public-api', auth: 'public' },
  { method: 'GET', path: '/api/experiences/{id}/availability', group: 'public-api', auth: 'public' },
  { method: 'GET', path: '/api/categories', group: 'public-api', auth: 'public' },
  { method: 'GET', path: '/api/hosts/{id}', group: 'public-api', auth: 'public' },
  { method: 'POST', path: '/api/bookings', group: 'public-api', auth: 'public' },
  { method: 'POST', path: '/api/bookings/{id}/payment-confirmed', group: 'public-api', auth: 'public' },
  { method: 'POST', path: '/api/bookings/lookup', group: 'public-api', auth: 'public' },
  // Issue 29: a guest's cancellation needs a code mailed to the booking's address.
  { method: 'POST', path: '/api/bookings/cancel-code', group: 'public-api', auth: 'public' },
  { method: 'POST', path: '/api/bookings/cancel', group: 'public-api', auth: 'public' },
  // Added by the guest audit: a guest leaving the booking form gives their unpaid hold back.
  { method: 'POST', path: '/api/bookings/{id}/release', group: 'public-api', auth: 'public' },
  // Reviews (DESIGN §4e).
  { method: 'GET', path: '/api/reviews/{token}', group: 'public-api', auth: 'public' },
  { method: 'POST', path: '/api/reviews/{token}', group: 'public-api', auth: 'public' },
  { method: 'GET', path: '/api/experiences/{id}/reviews', group: 'public-api', auth: 'public' },
  // The concierge desk's inquiries (DESIGN §4h, issue 31).
  { method: 'POST', path: '/api/inquiries', group: 'public-api', auth: 'public' },
  { method: 'GET', path: '/api/inquiries/{token}', group: 'public-api', auth: 'public' },
  { method: 'POST', path: '/api/inquiries/{token}/messages', group: 'public-api', auth: 'public' },
  // The concierge's offers (issue 31, DESIGN §6 wave 4).
  { method: 'GET', path: '/api/offers/{token}', group: 'public-api', auth: 'public' },
  { method: 'POST', path: '/api/offers/{token}/book', group: 'public-api', auth: 'public' },
  // Host back office (DESIGN §6 "Back office"), behind the host pool's authorizer.
  ...(
    [
      ['GET', '/api/host/me'],
      ['PATCH', '/api/host/me'],
      ['POST', '/api/host/uploads'],
      ['PUT', '/api/host/me/avatar'],
      ['GET', '/api/host/dashboard'],
      ['GET', '/api/host/experiences'],
      ['POST', '/api/host/experiences'],
      ['GET', '/api/host/experiences/{id}'],
      ['PATCH', '/api/host/experiences/{id}'],
      ['DELETE', '/api/host/experiences/{id}'],
      ['POST', '/api/host/experiences/{id}/duplicate'],
      ['GET', '/api/host/experiences/{id}/slots'],
      ['PUT', '/api/host/experiences/{id}/slots'],
      ['GET', '/api/host/bookings'],
      ['GET', '/api/host/bookings/{id}'],
      ['POST', '/api/host/bookings/{id}/approve'],
      ['POST', '/api/host/bookings/{id}/deny'],
      ['POST', '/api/host/bookings/{id}/cancel'],
      // The day manifest's check-in tick (issue 21).
      ['POST', '/api/host/bookings/{id}/check-in'],
      ['GET', '/api/host/reviews'],
      ['PUT', '/api/host/reviews/{id}/reply'],
      // Paying hosts (DESIGN §4g, §6 wave 4).
      ['GET', '/api/host/payout-account'],
      ['POST', '/api/host/payout-account/onboarding'],
      ['GET', '/api/host/earnings'],
      ['GET', '/api/host/earnings.csv'],
      ['GET', '/api/host/payouts'],
    ] as const
  ).map(([method, path]): RouteDefinition => ({ method, path, group: 'host-api', auth: 'host' })),
  // Admin back office (DESIGN §6 "Back office"), behind the admin pool's authorizer. Beyond the contract: `me`,
  // the CSV export, approve/deny on a host's behalf, suspend/reinstate a host.
  ...(
    [
      ['GET', '/api/admin/me'],
      ['GET', '/api/admin/dashboard'],
      ['GET', '/api/admin/bookings'],
      ['GET', '/api/admin/bookings.csv'],
      ['GET', '/api/admin/bookings/{id}'],
      ['POST', '/api/admin/bookings/{id}/approve'],
      ['POST', '/api/admin/bookings/{id}/deny'],
      ['POST', '/api/admin/bookings/{id}/cancel'],
      ['GET', '/api/admin/hosts'],
      ['POST', '/api/admin/hosts'],
      ['GET', '/api/admin/hosts/{id}'],
      ['POST', '/api/admin/hosts/{id}/approve'],
      ['POST', '/api/admin/hosts/{id}/suspend'],
      ['POST', '/api/admin/hosts/{id}/reinstate'],
      // Failed mails of the outbox (DESIGN §4f).
      ['GET', '/api/admin/mails'],
      ['POST', '/api/admin/mails/{id}/resend'],
      // Review moderation (DESIGN §4e).
      ['GET', '/api/admin/reviews'],
      ['POST', '/api/admin/reviews/{id}/hide'],
      ['POST', '/api/admin/reviews/{id}/show'],
      // Paying hosts (DESIGN §4g, §6 wave 4); the holds list and a host's hold log are beyond the contract.
      ['GET', '/api/admin/payouts'],
      ['GET', '/api/admin/ledger/summary'],
      ['GET', '/api/admin/payout-holds'],
      ['GET', '/api/admin/hosts/{id}/earnings'],
      ['PUT', '/api/admin/hosts/{id}/commission'],
      ['POST', '/api/admin/hosts/{id}/payout-hold'],
      ['DELETE', '/api/admin/hosts/{id}/payout-hold'],
      ['GET', '/api/admin/hosts/{id}/payout-hold-log'],
      // The concierge desk's inquiries (issue 31).
      ['GET', '/api/admin/inquiries'],
      ['GET', '/api/admin/inquiries/{id}'],
      ['POST', '/api/admin/inquiries/{id}/messages'],
      ['POST', '/api/admin/inquiries/{id}/close'],
      // The concierge's offers (issue 31).
      ['POST', '/api/admin/offers'],
      ['GET', '/api/admin/offers'],
      ['POST', '/api/admin/offers/{id}/withdraw'],
    ] as const
  ).map(([method, path]): RouteDefinition => ({ method, path, group: 'admin-api', auth: 'admin' })),
  // Documents (issue 28; DESIGN §6 wave 4): the receipt and the host's statement are the contract's; the lists and
  // the admin's copy are beyond it.
  { method: 'POST', path: '/api/bookings/receipt', group: 'documents-api', auth: 'public' },
  { method: 'GET', path: '/api/host/statements', group: 'documents-api', auth: 'host' },
  { method: 'GET', path: '/api/host/statements/{month}', group: 'documents-api', auth: 'host' },
  { method: 'GET', path: '/api/admin/hosts/{id}/statements', group: 'documents-api', auth: 'admin' },
  { method: 'GET', path: '/api/admin/hosts/{id}/statements/{month}', group: 'documents-api', auth: 'admin' },
  // Local stack only.
  ...(
    [
      ['POST', '/api/local-payments/confirm'],
      // The local gateway's Connect (DESIGN §6 local-only): onboarding (the page, its bank lookups, its form, the
      // shortcut tests use), disputes.
      ['GET', '/api/local-payments/onboarding/{accountId}'],
      ['POST', '/api/local-payments/onboarding/{accountId}'],
      ['GET', '/api/local-payments/banks/{code}'],
      ['POST', '/api/local-payments/accounts/{hostId}/complete'],
      ['POST', '/api/local-payments/disputes/{bookingId}/close'],
    ] as const
  ).map(([method, path]): RouteDefinition => ({
    method,
    path,
    group: 'local-api',
    auth: 'public',
    localOnly: true,
  })),
  ...(
    [
      '/api/local-jobs/expire-bookings',
      '/api/local-jobs/complete-bookings',
      '/api/local-jobs/send-reminders',
      '/api/local-jobs/send-review-invites',
      '/api/local-jobs/send-mails',
      '/api/local-jobs/pay-hosts',
      '/api/local-jobs/expire-offers',
      '/api/local-payments/disputes',
      '/api/local-clock/advance',
      '/api/local-faults',
      '/api/local-seed/bulk',
    ] as const
  ).map((path): RouteDefinition => ({
    method: 'POST',
    path,
    group: 'local-api',
    auth: 'public',
    localOnly: true,
  })),
];

export const routeKeyOf = (route: Pick<RouteDefinition, 'method' | 'path'>) =>
  `${route.method} ${route.path}`;
