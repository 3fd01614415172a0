/**
 * Who is calling a back-office route: the `sub` of the token API Gateway's JWT authorizer verified (the local
 * server's authorizer does the same). The authorizer refuses a request without a valid token of the route's pool
 * before the handler runs; a missing claim here therefore means a misconfigured route, answered like no token.
 */
import { DomainError } from '../../domain/errors';
import type { HttpApiEvent } from './api-gateway';

export function callerSub(event: HttpApiEvent): string {
  const sub = event.requestContext.authorizer?.jwt.claims.sub;
  if (!sub) throw new DomainError('unauthorized', 'Not authenticated');
  return sub;
}
