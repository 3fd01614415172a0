/**
 * The one error path maps a dependency that is down to a quick 503 with `Retry-After` (DESIGN §4f), in the language
 * of the route's audience, and keeps a real bug a 500.
 */
import { DomainError } from '../../../functions/domain/errors';
import {
  errorLanguageOfPath,
  errorToResponse,
  RETRY_AFTER_SECONDS,
  UNAVAILABLE_MESSAGES,
} from '../../../functions/api/http/error-handler';

const quiet = () => {};
const bodyOf = (answer: { body?: string }) =>
  JSON.parse(answer.body ?? '{}') as { error: Record<string, unknown> };

describe('errorToResponse', () => {
  it('answers a timed-out SDK call with 503 service_unavailable and Retry-After', () => {
    const timeout = Object.assign(new Error('socket timed out'), { name: 'TimeoutError', $metadata: {} });
    const answer = errorToResponse(timeout, quiet);
    expect(answer.statusCode).toBe(503);
    expect(answer.headers?.['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(bodyOf(answer).error).toEqual({ code: 'service_unavailable', message: UNAVAILABLE_MESSAGES.en });
  });

  it('answers the back office in Japanese', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    const answer = errorToResponse(refused, quiet, errorLanguageOfPath('/api/admin/bookings'));
    expect(answer.statusCode).toBe(503);
    expect(bodyOf(answer).error.message).toBe(UNAVAILABLE_MESSAGES.ja);
  });

  it('adds Retry-After to a service_unavailable domain error too', () => {
    const answer = errorToResponse(new DomainError('service_unavailable', 'busy'), quiet);
    expect(answer.statusCode).toBe(503);
    expect(answer.headers?.['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(bodyOf(answer).error.message).toBe('busy');
  });

  it('keeps a bug a 500 without Retry-After, and a refusal of our request a 500 as well', () => {
    for (const error of [
      new TypeError('x is undefined'),
      Object.assign(new Error('no'), { name: 'AccessDeniedException', $metadata: { httpStatusCode: 400 } }),
    ]) {
      const answer = errorToResponse(error, quiet);
      expect(answer.statusCode).toBe(500);
      expect(answer.headers?.['retry-after']).toBeUndefined();
    }
  });
});

describe('errorLanguageOfPath', () => {
  it.each([
    ['/api/host/me', 'ja'],
    ['/api/admin', 'ja'],
    ['/api/experiences', 'en'],
    ['/api/hosts/h1', 'en'],
    [undefined, 'en'],
  ] as const)('%s → %s', (path, language) => {
    expect(errorLanguageOfPath(path)).toBe(language);
  });
});
