/**
 * A handler group answers several routes; API Gateway tells it which one matched through `event.routeKey`
 * (`GET /api/experiences/{id}`), so dispatching is a lookup, not path matching.
 */
import { DomainError } from '../../domain/errors';
import type { HttpApiEvent, HttpApiStructuredResult, LambdaContext } from './api-gateway';

export type RouteHandler<E extends HttpApiEvent = HttpApiEvent> = (
  event: E,
  context: LambdaContext,
) => Promise<HttpApiStructuredResult>;

export function dispatchOnRouteKey<E extends HttpApiEvent>(
  table: Record<string, RouteHandler<E>>,
): RouteHandler<E> {
  return async (event, context) => {
    const route = Object.hasOwn(table, event.routeKey) ? table[event.routeKey] : undefined;
    if (!route) throw new DomainError('not_found', `No route for ${event.routeKey}.`);
    return route(event, context);
  };
}
