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
];

export const routeKeyOf = (route: Pick<RouteDefinition, 'method' | 'path'>) =>
  `${route.method} ${route.path}`;
