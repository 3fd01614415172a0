/** Audit item 10: a 4xx answer is never retried, and the guest reads a plain message instead of a validator's. */
import { screen } from '@testing-library/react';
import { ApiError } from '../../../web/src/lib/api-client';
import { createQueryClient } from '../../../web/src/app/providers';
import { SearchPage } from '../../../web/src/features/experiences/pages/search-page';
import { renderWithApp, stubFetch } from './support/render';

type RetryRule = (failureCount: number, error: Error) => boolean;

describe('client errors', () => {
  it('the app’s queries never retry a 4xx answer, and still retry what may pass on a second try', () => {
    const retry = createQueryClient().getDefaultOptions().queries!.retry as RetryRule;
    for (const status of [400, 401, 403, 404, 409, 413, 429]) {
      expect(retry(0, new ApiError(status, 'x', 'x')), String(status)).toBe(false);
    }
    expect(retry(0, new ApiError(503, 'service_unavailable', 'x'))).toBe(true);
    expect(retry(0, new ApiError(0, 'network_error', 'x'))).toBe(true);
    expect(retry(3, new ApiError(503, 'service_unavailable', 'x'))).toBe(false);
  });

  it('a search the API refuses shows a plain message at once, after a single request', async () => {
    let requests = 0;
    stubFetch((url) => {
      if (url.pathname !== '/api/experiences') return undefined;
      requests++;
      return {
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'The query string is not valid',
            fields: { q: 'Too big: expected string to have <=200 characters' },
          },
        },
      };
    });
    renderWithApp(<SearchPage />, { path: '/search', initialEntry: '/search?q=tea' });
    expect(await screen.findByRole('alert', {}, { timeout: 1500 })).toHaveTextContent(
      'Error loading experiences: The search could not be run. Please change the search text and try again.',
    );
    expect(requests).toBe(1);
  });

  it('a search text over 200 characters is answered on the page, in plain words, without asking the API', async () => {
    const calls = stubFetch(() => undefined);
    renderWithApp(<SearchPage />, { path: '/search', initialEntry: `/search?q=${'a'.repeat(250)}` });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your search is too long. Please use at most 200 characters.',
    );
    expect(calls.filter((u) => u.pathname === '/api/experiences')).toEqual([]);
  });
});
