/**
 * Reading the parts of an API Gateway event a route needs, with the one validation path: zod schemas of the domain
 * turn bad input into `validation_failed` (400, with `fields`), ids that cannot exist into `not_found` (404).
 */
import type * as z from 'zod';
import { DomainError } from '../../domain/errors';
import { parseOrThrow } from '../../domain/validation';
export { BACK_OFFICE_INVALID_REQUEST } from '../../domain/validation';
import type { HttpApiEvent } from './api-gateway';
import type { JsonBodyEvent } from './json-body';

/**
 * The shape of every id this API hands out (UUIDs, Cognito subs, seed ids). A path segment outside it names no
 * entity, so it is answered as "not found" without touching the table: `..`, NUL bytes, lone surrogates or
 * kilobytes of text never reach a key condition.
 */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

export function pathId(event: HttpApiEvent, notFoundMessage: string, name = 'id'): string {
  const id = event.pathParameters?.[name];
  if (id === undefined || !ID_PATTERN.test(id)) throw new DomainError('not_found', notFoundMessage);
  return id;
}

/** The query string as API Gateway hands it over (repeated names joined with commas), parsed with `schema`. */
export function parseQuery<S extends z.ZodType>(
  event: HttpApiEvent,
  schema: S,
  message = 'The query string is not valid',
): z.output<S> {
  return parseOrThrow(schema, event.queryStringParameters ?? {}, message);
}

/** The JSON body parsed by `jsonBody()`, validated with `schema`. A missing body is validated as `{}`. */
export function parseBody<S extends z.ZodType>(
  event: JsonBodyEvent,
  schema: S,
  message = 'The request is not valid',
): z.output<S> {
  return parseOrThrow(schema, event.jsonBody ?? {}, message);
}
